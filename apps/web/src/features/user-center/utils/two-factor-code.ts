/** The texts around the two-factor codes (their shapes: lib/two-factor-code.ts). */
import type { TFunction } from 'i18next';
import { normalizeCode } from '@/lib/two-factor-code';

/** The key for typing into the app by hand, in groups of 4 ("JBSW Y3DP EHPK 3PXP"). */
export function groupSecret(secret: string): string {
  return (normalizeCode(secret).match(/.{1,4}/g) ?? []).join(' ');
}

/**
 * The text of the downloaded recovery codes file: what they are, for whom, and one code a line, in
 * the language in force (`t`: the `user-center` namespace's).
 */
export function recoveryCodesText(
  codes: string[],
  { product, account, date }: { product: string; account?: string; date: Date },
  t: TFunction,
): string {
  const file = (key: string, values?: Record<string, string>) => t(`twoFactor.file.${key}`, values);
  return [
    account ? file('titleFor', { product, account }) : file('title', { product }),
    file('created', { date: date.toISOString().slice(0, 10) }),
    file('keep'),
    '',
    ...codes,
    '',
  ].join('\n');
}
