import type { PayoutCellError, PayoutRowField } from '@mbo/contracts/payout-rows';

/** A field's name in the language in force (useLabel's, kind PAYOUT_ROW_FIELDS). */
export type FieldName = (field: PayoutRowField) => string;

/** "must be more than 0" under the Amount field → "Amount must be more than 0." */
export function cellErrorText(name: FieldName, field: PayoutRowField, message: string): string {
  const text = message.endsWith('.') ? message : `${message}.`;
  return /^[A-Z]/.test(text) ? text : `${name(field)} ${text}`;
}

/** A row's errors by field (the first per field). */
export function errorsByField(
  name: FieldName,
  errors: readonly PayoutCellError[],
): Partial<Record<PayoutRowField, string>> {
  const out: Partial<Record<PayoutRowField, string>> = {};
  for (const e of errors) out[e.field] ??= cellErrorText(name, e.field, e.message);
  return out;
}
