import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Typography } from 'antd';
import type { SettlementBatchRecord } from '@mbo/contracts/settlements';
import { displayMoney } from '@/lib/display-money';
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

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function totalOf(t: OpenBatchTotal): CurrencyTotal {
  const money = (minor: number) => displayMoney(minor, t.currency);
  return {
    currency: t.currency,
    caption: `${plural(t.batches, 'open batch', 'open batches')} · ${plural(t.payments, 'payment', 'payments')}`,
    net: t.net,
    parts: [
      ['Gross', money(t.gross)],
      ['Fees', money(t.fees)],
      ...(t.refunds ? [['Refunds', money(t.refunds)] as const] : []),
    ],
  };
}

/**
 * The running net of all open batches per currency (whatever the list's filters), above the open
 * batches list; nothing when there are none.
 */
export function OpenBatchTotals() {
  const query = useQuery(listBatchesQueryOptions(OPEN_TOTALS_REQUEST, { quiet: true }));
  if (query.isPending) {
    return <CurrencyTotalsLoading label="Loading the open totals" />;
  }
  if (query.isError) {
    return (
      <Alert
        className="mbo-batch-block"
        type="warning"
        showIcon
        title="The totals of the open batches could not be loaded."
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            Try again
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
      <CurrencyTotalCards totals={totals.map(totalOf)} label={(currency) => `Open ${currency} batches`} />
      <Typography.Text type="secondary" className="mbo-batch-note">
        {partial
          ? `Sums of the first ${query.data.records.length} of ${query.data.total} open batches. `
          : 'Sums of all open batches. '}
        Open batches keep growing until their cut-off.
      </Typography.Text>
    </div>
  );
}
