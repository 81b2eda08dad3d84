/** The texts around the two-factor codes (their shapes: lib/two-factor-code.ts). */
import { normalizeCode } from '@/lib/two-factor-code';

/** The key for typing into the app by hand, in groups of 4 ("JBSW Y3DP EHPK 3PXP"). */
export function groupSecret(secret: string): string {
  return (normalizeCode(secret).match(/.{1,4}/g) ?? []).join(' ');
}

/** The text of the downloaded recovery codes file: what they are, for whom, and one code a line. */
export function recoveryCodesText(
  codes: string[],
  { product, account, date }: { product: string; account?: string; date: Date },
): string {
  return [
    `${product} recovery codes${account ? ` for ${account}` : ''}`,
    `Created ${date.toISOString().slice(0, 10)}. Each code signs you in once when your authenticator app is not at hand.`,
    'Keep them somewhere safe, such as a password manager.',
    '',
    ...codes,
    '',
  ].join('\n');
}
