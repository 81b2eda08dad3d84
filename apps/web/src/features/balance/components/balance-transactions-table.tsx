import { Link } from 'react-router';
import type { TableColumnsType } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import type { BalanceTransactionRecord } from '@mbo/contracts/balance-transactions';
import type { BalanceTransactionListColumnKey } from '@mbo/contracts/lists/balance-transactions-list';
import { humanizeCode } from '@mbo/contracts/status-labels';
import { useLabel } from '@/i18n/use-label';
import type { ListTableProps } from '@/components/list/list-table';
import MoneyText from '@/components/list/money-text';
import StatusTag from '@/components/list/status-tag';
import { formatDateTime } from '@/lib/format-time';
import { TimeColumnTitle } from '@/components/list/zone-title';
import { useGlobalState } from '@/lib/global-state';
import { BALANCE_TRANSACTION_TYPE_TONE, referenceDetailPath } from '../utils/balance-transaction-type';

function TypeTag({ record: r }: { record: BalanceTransactionRecord }) {
  const label = useLabel();
  return (
    <StatusTag tone={BALANCE_TRANSACTION_TYPE_TONE[r.type] ?? 'default'}>
      {label('BALANCE_TRANSACTION_TYPES', r.type)}
    </StatusTag>
  );
}

/** A change of a balance: "+12.50 USD" in green, "−12.50 USD" in red, a zero plain. */
function SignedMoney({ amount, currency, strong }: { amount: number; currency: string; strong?: boolean }) {
  if (amount === 0) return <MoneyText amount={0} currency={currency} type="secondary" />;
  const credit = amount > 0;
  return (
    <MoneyText
      amount={Math.abs(amount)}
      currency={currency}
      sign={credit ? '+' : '−'}
      type={credit ? 'success' : 'danger'}
      strong={strong}
    />
  );
}

type BalanceTransactionTableParts = Pick<
  ListTableProps<BalanceTransactionRecord>,
  'cells' | 'titles' | 'narrowColumns'
>;

/**
 * How the balance transactions list shows each column of BALANCE_TRANSACTIONS_LIST, and its phone
 * layout. A transaction has no detail page of its own: its reference opens the payment or refund.
 */
export function useBalanceTransactionsTable(): BalanceTransactionTableParts {
  const { user, authUrls } = useGlobalState();
  const tz = user?.timeZone;
  const { t } = useTranslation('balance', { keyPrefix: 'transactions' });
  const reference = (r: BalanceTransactionRecord) => {
    const to = referenceDetailPath(r, authUrls);
    const id = to ? (
      <Link to={to} className="mbo-list-mono">
        {r.referenceId}
      </Link>
    ) : (
      <span className="mbo-list-mono">{r.referenceId || '—'}</span>
    );
    return (
      <span>
        {id}
        <span className="mbo-list-sub">
          {t(`referenceTypes.${r.referenceType}`, { defaultValue: humanizeCode(r.referenceType) })}
        </span>
      </span>
    );
  };
  const cells: Record<BalanceTransactionListColumnKey, (r: BalanceTransactionRecord) => React.ReactNode> = {
    type: (r) => <TypeTag record={r} />,
    reference,
    net: (r) => <SignedMoney amount={r.net} currency={r.currency} strong />,
    availableChange: (r) => <SignedMoney amount={r.availableChange} currency={r.currency} />,
    pendingChange: (r) => <SignedMoney amount={r.pendingChange} currency={r.currency} />,
    availableAfter: (r) => <MoneyText amount={r.availableAfter} currency={r.currency} />,
    pendingAfter: (r) => <MoneyText amount={r.pendingAfter} currency={r.currency} />,
    reservedAfter: (r) => <MoneyText amount={r.reservedAfter} currency={r.currency} />,
    createdAt: (r) => <span className="mbo-list-nowrap">{formatDateTime(r.createdAt, tz)}</span>,
    transactionId: (r) => <span className="mbo-list-mono">{r.transactionId}</span>,
  };
  // Phones: what moved and when, beside what it changed and what is available after it.
  const narrowColumns: TableColumnsType<BalanceTransactionRecord> = [
    {
      key: 'transaction',
      title: t('transaction'),
      render: (_, r) => (
        <div style={{ minWidth: 0 }}>
          <TypeTag record={r} />
          <div style={{ marginTop: 4 }}>{reference(r)}</div>
          <span className="mbo-list-sub">{formatDateTime(r.createdAt, tz)}</span>
        </div>
      ),
    },
    {
      key: 'net',
      title: t('net'),
      align: 'right',
      width: 140,
      render: (_, r) => (
        <div>
          <SignedMoney amount={r.net} currency={r.currency} strong />
          <span className="mbo-list-sub">{t('availableAfter')}</span>
          <MoneyText amount={r.availableAfter} currency={r.currency} />
        </div>
      ),
    },
  ];
  return {
    cells,
    titles: {
      createdAt: <TimeColumnTitle title={t('created')} timeZone={tz} />,
    },
    narrowColumns,
  };
}
