import { useTranslation } from '@/i18n/use-translation';
import type { TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Typography } from 'antd';
import type { SettlementBatchRecord } from '@mbo/contracts/settlements';
import { displayMoney } from '@/lib/display-money';
import { displayNumber } from '@/lib/formats';
import { listBatchesQueryOptions } from '../api/list-batches';
import { CurrencyTotalCards, CurrencyTotalsLoading, type CurrencyTotal } from './currency-total-cards';
import './batch.css';

/** Every open batch fits one call: a merchant has one per currency and business day still open. */
export const OPEN_TOTALS_REQUEST = { state: 'OPEN', pageNum: 1, pageSize: 200 } as const;

export interface OpenBatchTotal {
  currency: string;
  batches: number;
  payments: number;
  gross: number;
  fees: number;
  refunds: number;
  net: number;
}

/** The sums of the open batches per currency, currencies in alphabetical order. */
export function sumOpenBatches(records: readonly SettlementBatchRecord[]): OpenBatchTotal[] {
  const totals = new Map<string, OpenBatchTotal>();
  for (const r of records) {
    const t = totals.get(r.currency) ?? {
      currency: r.currency,
      batches: 0,
      payments: 0,
      gross: 0,
      fees: 0,
      refunds: 0,
      net: 0,
    };
    t.batches += 1;
    t.payments += r.paymentCount;
    t.gross += r.gross;
    t.fees += r.fees;
    t.refunds += r.refunds;
    t.net += r.net;
    totals.set(r.currency, t);
  }
  return [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

function totalOf(o: OpenBatchTotal, t: TFunction): CurrencyTotal {
  const money = (minor: number) => displayMoney(minor, o.currency);
  const counted = (key: string, n: number) => t(key, { count: n, number: displayNumber(n) });
  return {
    currency: o.currency,
    caption: t('caption', { batches: counted('batches', o.batches), payments: counted('payments', o.payments) }),
    net: o.net,
    parts: [
      [t('gross'), money(o.gross)],
      [t('fees'), money(o.fees)],
      ...(o.refunds ? [[t('refunds'), money(o.refunds)] as const] : []),
    ],
  };
}

/**
 * The running net of all open batches per currency (whatever the list's filters), above the open
 * batches list; nothing when there are none.
 */
export function OpenBatchTotals() {
  const query = useQuery(listBatchesQueryOptions(OPEN_TOTALS_REQUEST, { quiet: true }));
  const { t } = useTranslation('settlements', { keyPrefix: 'openTotals' });
  if (query.isPending) {
    return <CurrencyTotalsLoading label={t('loading')} />;
  }
  if (query.isError) {
    return (
      <Alert
        className="mbo-batch-block"
        type="warning"
        showIcon
        title={t('loadFailed')}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  const totals = sumOpenBatches(query.data.records);
  if (totals.length === 0) return null;
  const partial = query.data.total > query.data.records.length;
  return (
    <div className="mbo-batch-block">
      <CurrencyTotalCards
        totals={totals.map((o) => totalOf(o, t))}
        label={(currency) => t('cardLabel', { currency })}
      />
      <Typography.Text type="secondary" className="mbo-batch-note">
        {partial
          ? t('partial', {
              shown: displayNumber(query.data.records.length),
              total: displayNumber(query.data.total),
            })
          : t('all')}
        {t('growing')}
      </Typography.Text>
    </div>
  );
}
