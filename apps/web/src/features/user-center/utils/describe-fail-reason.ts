/**
 * The login history's failure reason in words. The server stores a reason code (WRONG_PASSWORD,
 * LOCKED, PASSWORD_NOT_SET, STATUS_<status>, …); unknown codes are turned into plain words. The words:
 * the `user-center` namespace's `loginHistory.reasons` (`t`), a member status's from `labels` (`label`).
 */
import type { TFunction } from 'i18next';
import { MEMBER_STATUSES } from '@mbo/contracts/team';
import type { LabelKind } from '@/i18n/use-label';

const REASONS: ReadonlySet<string> = new Set([
  'WRONG_PASSWORD',
  'LOCKED',
  'PASSWORD_NOT_SET',
  'UNKNOWN_EMAIL',
  'FORCE_RESET_REQUIRED',
]);
const STATUSES: ReadonlySet<string> = new Set(MEMBER_STATUSES);

function words(code: string): string {
  const text = code.toLowerCase().replace(/_+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function describeFailReason(
  reason: string | null | undefined,
  t: TFunction,
  label: (kind: LabelKind, code: string) => string,
): string | null {
  if (!reason) return null;
  if (REASONS.has(reason)) return t(`loginHistory.reasons.${reason}`);
  const status = /^STATUS_([A-Z_]+)$/.exec(reason)?.[1];
  if (status) {
    const named = STATUSES.has(status) ? label('MEMBER_STATUSES', status) : words(status);
    return t('loginHistory.reasons.status', { status: named.toLowerCase() });
  }
  return /^[A-Z0-9_]+$/.test(reason) ? words(reason) : reason;
}
