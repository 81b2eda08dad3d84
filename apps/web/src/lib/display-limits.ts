/** A service's per-payment (or per-payout) limits and its cut-off in words; amounts by the one money display rule. */
import { displayFigure, displayMoney } from './display-money';
import { i18n } from '@/i18n/i18n';

/**
 * "0.50 – 10,000.00 USD", "Up to 10,000.00 USD", "From 0.50 USD" or "No limit" (a limit of null,
 * or a minimum of 0, is no limit).
 */
export function displayAmountLimits(minAmount: number | null, maxAmount: number | null, currency: string): string {
  const min = minAmount !== null && minAmount > 0 ? minAmount : null;
  if (min !== null && maxAmount !== null)
    return `${displayFigure(min, currency)} – ${displayMoney(maxAmount, currency)}`;
  if (maxAmount !== null) return i18n.t('limits.upTo', { ns: 'kit', amount: displayMoney(maxAmount, currency) });
  if (min !== null) return i18n.t('limits.from', { ns: 'kit', amount: displayMoney(min, currency) });
  return i18n.t('limits.none', { ns: 'kit' });
}

/** "18:00 Asia/Singapore": the daily cut-off in the service's zone. */
export function displayCutoff(cutoffTime: string, timeZone: string): string {
  return `${cutoffTime} ${timeZone}`;
}
