import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Table, Typography, type TableColumnsType } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import MoneyText from '@/components/list/money-text';
import { useGlobalState } from '@/lib/global-state';
import { subMerchantBalancesQueryOptions } from '../api/list-sub-merchant-balances';
import { subMerchantBalanceRows, type SubMerchantBalanceRow } from '../utils/sub-merchant-balance-rows';
import './balance.css';

const money = (r: SubMerchantBalanceRow, amount: number) => (
  <MoneyText amount={amount} currency={r.currency} strong={r.kind === 'total'} />
);

function merchantCell(r: SubMerchantBalanceRow) {
  if (r.kind === 'total') return <Typography.Text strong>Total {r.currency}</Typography.Text>;
  return (
    <span>
      <span style={{ overflowWrap: 'anywhere' }}>{r.merchantName}</span>
      <span className="mbo-list-sub">{r.merchantId}</span>
    </span>
  );
}

const COLUMNS: TableColumnsType<SubMerchantBalanceRow> = [
  { key: 'merchant', title: 'Merchant', render: (_, r) => merchantCell(r) },
  { key: 'currency', title: 'Currency', width: 90, render: (_, r) => r.currency },
  { key: 'available', title: 'Available', align: 'right', render: (_, r) => money(r, r.available) },
  { key: 'pending', title: 'Pending', align: 'right', render: (_, r) => money(r, r.pending) },
  { key: 'reserved', title: 'Reserved', align: 'right', render: (_, r) => money(r, r.reserved) },
];

/** Phones: the merchant with its currency, and the three figures stacked. */
const NARROW_COLUMNS: TableColumnsType<SubMerchantBalanceRow> = [
  { key: 'merchant', title: 'Merchant', render: (_, r) => merchantCell(r) },
  {
    key: 'balances',
    title: 'Available / pending / reserved',
    align: 'right',
    render: (_, r) => (
      <div>
        {money(r, r.available)}
        <span className="mbo-list-sub">Pending {money(r, r.pending)}</span>
        <span className="mbo-list-sub">Reserved {money(r, r.reserved)}</span>
      </div>
    ),
  },
];

/** The card around the roll-up (or its error), a region named like its heading. */
function Frame({ children }: { children: React.ReactNode }) {
  const title = (
    <h2 className="mbo-balance-heading">
      <ApartmentOutlined aria-hidden style={{ marginInlineEnd: 8 }} />
      Sub-merchants
    </h2>
  );
  return (
    <section className="mbo-balance-block" aria-label="Sub-merchants">
      <Card title={title}>{children}</Card>
    </section>
  );
}

/**
 * A parent merchant's roll-up: each sub-merchant's balances per currency and each currency's total.
 * Rendered only when the active merchant has sub-merchants (the call answers a non-empty list).
 */
export function SubMerchantBalancesCard() {
  const { isMobile, user, subMerchantList } = useGlobalState();
  const query = useQuery(subMerchantBalancesQueryOptions());
  if (query.isError) {
    // Said only where a roll-up is expected: the active merchant is some merchant's parent.
    const expected = subMerchantList.some(
      (m) => m.parentMerchantId !== null && m.parentMerchantId === user?.merchantId,
    );
    if (!expected) return null;
    return (
      <Frame>
        <Alert
          type="error"
          showIcon
          title="The sub-merchants' balances could not be loaded."
          action={<Button onClick={() => void query.refetch()}>Try again</Button>}
        />
      </Frame>
    );
  }
  if (!query.data?.length) return null;
  return (
    <Frame>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        What each sub-merchant holds, per currency. Totals add up one currency at a time.
      </Typography.Paragraph>
      <Table<SubMerchantBalanceRow>
        size="small"
        rowKey="key"
        columns={isMobile ? NARROW_COLUMNS : COLUMNS}
        dataSource={subMerchantBalanceRows(query.data)}
        pagination={false}
        tableLayout={isMobile ? 'fixed' : undefined}
        scroll={isMobile ? undefined : { x: 'max-content' }}
        rowClassName={(r) => (r.kind === 'total' ? 'mbo-balance-total-row' : '')}
        locale={{ emptyText: 'Your sub-merchants have no balance yet.' }}
      />
    </Frame>
  );
}
