/**
 * The approval rules form's amounts: one text per currency, typed in major units and read by the one
 * typed-amount reader (lib/typed-amount.ts) into exact minor units; a saved threshold is shown back
 * exactly (money.ts formatAmount). Empty or 0 means no approval needed (sent as 0).
 */
import { amountText, readTypedAmount } from '@/lib/typed-amount';

/** The text of each currency's input: its threshold in major units, or empty when none is set. */
export type ThresholdDraft = Record<string, string>;

export function thresholdDraft(thresholds: Record<string, number>, currencies: readonly string[]): ThresholdDraft {
  return Object.fromEntries(currencies.map((c) => [c, thresholds[c] ? amountText(thresholds[c], c) : '']));
}

export interface ReadThresholds {
  /** Minor units per currency (0: no approval), when every text is an amount. */
  thresholds: Record<string, number> | null;
  /** What is wrong with the text of a currency, by currency. */
  problems: Record<string, string>;
}

export function readThresholds(draft: ThresholdDraft): ReadThresholds {
  const thresholds: Record<string, number> = {};
  const problems: Record<string, string> = {};
  for (const [currency, text] of Object.entries(draft)) {
    if (!text.trim()) {
      thresholds[currency] = 0;
      continue;
    }
    const read = readTypedAmount(text, currency, { min: 0 });
    if (read.ok) thresholds[currency] = read.minor;
    else problems[currency] = read.message;
  }
  return { thresholds: Object.keys(problems).length ? null : thresholds, problems };
}
