/**
 * The shapes of two-factor codes (the server's contract, usercenter-schemas.ts twoFactorCode: a
 * 6-digit code from the authenticator app, or a recovery code `xxxxx-xxxxx`; spaces are ignored),
 * for the login's second step and the user menu's two-factor dialog.
 */

/** A code as typed, without its spaces. */
export function normalizeCode(value: string): string {
  return value.replace(/\s+/g, '');
}

/** Only the digits of a typed app code (a pasted "123 456" or "123-456" becomes "123456"), at most 6. */
export function appCodeDigits(value: string): string {
  return value.replace(/\D+/g, '').slice(0, 6);
}

export function isAppCode(value: string): boolean {
  return /^\d{6}$/.test(normalizeCode(value));
}

export function isRecoveryCode(value: string): boolean {
  return /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(normalizeCode(value));
}
