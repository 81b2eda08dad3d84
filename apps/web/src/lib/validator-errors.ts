/**
 * The shared validators' errors in the reader's language. The account rules
 * (contracts/bank-account-numbers.ts) and the payout row rules (contracts/payout-rows.ts) give each
 * error a code and its values beside an English message; this words the code. Both the bank account
 * form and the payout forms use it (a payout's bank account cells carry the account rules' codes).
 *
 * The words live in the features' namespaces: `bankAccounts` (`errors.<code>` and each local
 * country's `rules.<country>`) and `payouts` (`cellErrors.<code>`). A component showing them loads
 * the namespaces it needs (VALIDATOR_NAMESPACES for a payout's cells) and passes a `t` of any
 * namespace without a key prefix: the keys here name their namespace.
 */
import type { TFunction } from 'i18next';
import {
  ACCOUNT_ERROR_CODES,
  LOCAL_ACCOUNT_RULES,
  type AccountErrorCode,
  type ErrorValues,
} from '@mbo/contracts/bank-account-numbers';
import type { PayoutCellError } from '@mbo/contracts/payout-rows';
import type { LabelKind } from '@mbo/contracts/enum-labels';
import { countryName } from './country-name';
import { displayMoney } from './display-money';
import { displayNumber } from './formats';

/** The namespaces a payout's cell errors are worded from. */
export const VALIDATOR_NAMESPACES = ['payouts', 'bankAccounts'] as const;

/** An error as a server may answer it: coded by the shared validators, or a request check's message only. */
export interface FieldErrorLike {
  message: string;
  code?: string;
  values?: ErrorValues;
}

const isAccountCode = (code: string): code is AccountErrorCode =>
  (ACCOUNT_ERROR_CODES as readonly string[]).includes(code);

/** A local country's routing code name and hints (LOCAL_ACCOUNT_RULES), in the language of `t`; null elsewhere. */
export function localRuleWords(
  t: TFunction,
  country: string,
): { routingLabel: string; routingHint: string; accountHint: string } | null {
  if (!LOCAL_ACCOUNT_RULES[country]) return null;
  const words = (part: string) => t(`rules.${country}.${part}`, { ns: 'bankAccounts' });
  return { routingLabel: words('routingLabel'), routingHint: words('routingHint'), accountHint: words('accountHint') };
}

/** An account rule's error (a code of ACCOUNT_ERROR_CODES) as a sentence for under its field. */
function accountErrorText(t: TFunction, code: AccountErrorCode, values: ErrorValues): string {
  const rule = localRuleWords(t, String(values.country ?? '')) ?? {};
  return t(`errors.${code}`, { ns: 'bankAccounts', ...values, ...rule });
}

/** A payout row rule's error as a sentence for under its cell: amounts as money, the method and country by name. */
function payoutRowErrorText(
  t: TFunction,
  label: (kind: LabelKind, code: string) => string,
  code: string,
  values: ErrorValues,
): string {
  const words: Record<string, string> = {};
  for (const [key, value] of Object.entries(values))
    words[key] = typeof value === 'number' ? displayNumber(value) : value;
  if (typeof values.amount === 'number') words.amount = displayMoney(values.amount, String(values.currency));
  if (values.method) words.method = label('PAYOUT_METHOD_TYPES', String(values.method));
  if (values.country) words.country = countryName(String(values.country));
  return t(`cellErrors.${code}`, { ns: 'payouts', ...words });
}

/** "is required" → "Is required." for an error nobody coded (a request check's), read as sent. */
export function sentence(message: string): string {
  const text = message.endsWith('.') ? message : `${message}.`;
  return `${text[0].toUpperCase()}${text.slice(1)}`;
}

/** A bank account field's error in the language of `t` (the bankAccounts namespace loaded). */
export function accountFieldErrorText(t: TFunction, error: FieldErrorLike): string {
  return error.code && isAccountCode(error.code)
    ? accountErrorText(t, error.code, error.values ?? {})
    : sentence(error.message);
}

/** A payout cell's error in the language of `t` (VALIDATOR_NAMESPACES loaded); `label` words codes (useLabel). */
export function payoutCellErrorText(
  t: TFunction,
  label: (kind: LabelKind, code: string) => string,
  error: Pick<PayoutCellError, 'message'> & Partial<Pick<PayoutCellError, 'code' | 'values'>>,
): string {
  if (!error.code) return sentence(error.message);
  return isAccountCode(error.code)
    ? accountErrorText(t, error.code, error.values ?? {})
    : payoutRowErrorText(t, label, error.code, error.values ?? {});
}
