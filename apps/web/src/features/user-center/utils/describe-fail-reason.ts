/**
 * The login history's failure reason in words. The server stores a reason code (WRONG_PASSWORD,
 * LOCKED, PASSWORD_NOT_SET, STATUS_<status>, …); unknown codes are turned into plain words.
 */
const REASONS: Record<string, string> = {
  WRONG_PASSWORD: 'Wrong password',
  LOCKED: 'Account locked after too many failed attempts',
  PASSWORD_NOT_SET: 'Password not set yet',
  UNKNOWN_EMAIL: 'Unknown email',
  FORCE_RESET_REQUIRED: 'Password change required',
};

function words(code: string): string {
  const text = code.toLowerCase().replace(/_+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function describeFailReason(reason: string | null | undefined): string | null {
  if (!reason) return null;
  if (REASONS[reason]) return REASONS[reason];
  const status = /^STATUS_([A-Z_]+)$/.exec(reason)?.[1];
  if (status) return `Account ${words(status).toLowerCase()}`;
  return /^[A-Z0-9_]+$/.test(reason) ? words(reason) : reason;
}
