import { PAYOUT_ROW_LABELS, type PayoutCellError, type PayoutRowField } from '@mbo/contracts/payout-rows';

/** "must be more than 0" under the Amount field → "Amount must be more than 0." */
export function cellErrorText(field: PayoutRowField, message: string): string {
  const text = message.endsWith('.') ? message : `${message}.`;
  return /^[A-Z]/.test(text) ? text : `${PAYOUT_ROW_LABELS[field]} ${text}`;
}

/** A row's errors by field (the first per field). */
export function errorsByField(errors: readonly PayoutCellError[]): Partial<Record<PayoutRowField, string>> {
  const out: Partial<Record<PayoutRowField, string>> = {};
  for (const e of errors) out[e.field] ??= cellErrorText(e.field, e.message);
  return out;
}
