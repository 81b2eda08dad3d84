import { Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import type { WithdrawConfig } from '@mbo/contracts/withdrawals';
import { displayFeeRule } from '@/lib/display-fee-rule';
import { displayAmountLimits } from '@/lib/display-limits';
import { displayMoney } from '@/lib/display-money';

/**
 * Beside the form: what can be withdrawn per currency, at what fee and within which limits; and what cannot (no
 * agreement).
 */
export function WithdrawBalances({ config }: { config: WithdrawConfig }) {
  const { t } = useTranslation('withdrawals', { keyPrefix: 'balances' });
  const withAgreement = new Set(config.agreements.map((a) => a.currency));
  const without = config.balances.filter(
    (b) => !withAgreement.has(b.currency) && (b.available !== 0 || b.reserved !== 0),
  );
  return (
    <section className="mbo-withdraw mbo-withdraw--side" aria-label={t('title')}>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
        {t('title')}
      </Typography.Title>
      <ul className="mbo-withdraw__balances">
        {config.agreements.map((a) => {
          const balance = config.balances.find((b) => b.currency === a.currency);
          return (
            <li key={a.currency}>
              <div className="mbo-withdraw__balance-row">
                <strong>{a.currency}</strong>
                <strong className="mbo-withdraw__figure">{displayMoney(balance?.available ?? 0, a.currency)}</strong>
              </div>
              <span className="mbo-list-sub">
                {t('fee', {
                  fee: displayFeeRule(a.fee),
                  limits: displayAmountLimits(a.minAmount, a.maxAmount, a.currency),
                })}
                {balance && balance.reserved > 0
                  ? t('reserved', { amount: displayMoney(balance.reserved, a.currency) })
                  : ''}
              </span>
            </li>
          );
        })}
      </ul>
      {without.length ? (
        <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 13 }}>
          {t('noAgreement', { currencies: without.map((b) => b.currency).join(', ') })}
        </Typography.Paragraph>
      ) : null}
    </section>
  );
}
