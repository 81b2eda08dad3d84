/**
 * THE display of a fee rule (a pay-in service's price, a payment's fee rule): "2.90 % + 0.30 USD",
 * ", min 0.50 USD" when there is a minimum. Display only: the server computes fees
 * (apps/server/src/modules/payments/fees.ts); amounts are written by the one money rule (displayMoney).
 */
import type { FeeRuleView } from '@mbo/contracts/payin-services';
import { displayMoney } from './display-money';
import { i18n } from '@/i18n/i18n';

/**
 * Basis points as a percentage with two decimals, exactly (whole basis points, integer arithmetic):
 * 290 → "2.90 %", 5 → "0.05 %", 10000 → "100.00 %". A no-break space keeps the sign on the figure's line.
 */
export function displayPercentBps(bps: number): string {
  const sign = bps < 0 ? '-' : '';
  const abs = Math.abs(bps);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}\u00a0%`;
}

/**
 * "2.90 % + 0.30 USD", "1.50 %" (no fixed part), "25 JPY" (no percentage), "3.50 % + 0.30 USD, min 0.50 USD";
 * a rule that charges nothing reads "No fee".
 */
export function displayFeeRule(rule: FeeRuleView): string {
  const { percentBps, fixedMinor, minimumMinor, currency } = rule;
  const parts = [
    ...(percentBps !== 0 ? [displayPercentBps(percentBps)] : []),
    ...(fixedMinor !== 0 ? [displayMoney(fixedMinor, currency)] : []),
  ];
  const minimum = minimumMinor !== null && minimumMinor > 0 ? minimumMinor : null;
  // Neither part: every payment pays the minimum (or nothing).
  if (parts.length === 0) return minimum === null ? i18n.t('fee.none', { ns: 'kit' }) : displayMoney(minimum, currency);
  const base = parts.join(' + ');
  return minimum === null
    ? base
    : i18n.t('fee.withMinimum', { ns: 'kit', base, minimum: displayMoney(minimum, currency) });
}
