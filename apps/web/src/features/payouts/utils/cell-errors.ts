import type { TFunction } from 'i18next';
import type { LabelKind } from '@mbo/contracts/enum-labels';
import type { PayoutCellError, PayoutRowField } from '@mbo/contracts/payout-rows';
import { payoutCellErrorText } from '@/lib/validator-errors';

/**
 * A row's errors by field (the first per field), each worded from its code in the language of `t`
 * (a `t` without key prefix, VALIDATOR_NAMESPACES loaded); `label` is useLabel's.
 */
export function errorsByField(
  t: TFunction,
  label: (kind: LabelKind, code: string) => string,
  errors: readonly PayoutCellError[],
): Partial<Record<PayoutRowField, string>> {
  const out: Partial<Record<PayoutRowField, string>> = {};
  for (const e of errors) out[e.field] ??= payoutCellErrorText(t, label, e);
  return out;
}
