import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Table, Typography, type TableColumnsType } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { useTranslation } from '@/i18n/use-translation';
import type { TFunction } from 'i18next';
import MoneyText from '@/components/list/money-text';
import { useGlobalState } from '@/lib/global-state';
import { subMerchantBalancesQueryOptions } from '../api/list-sub-merchant-balances';
import { subMerchantBalanceRows, type SubMerchantBalanceRow } from '../utils/sub-merchant-balance-rows';
import './balance.css';

const money = (r: SubMerchantBalanceRow, amount: number) => (
  <MoneyText amount={amount} currency={r.currency} strong={r.kind === 'total'} />
);

function merchantCell(r: SubMerchantBalanceRow, t: TFunction) {
  if (r.kind === 'total') return <Typography.Text strong>{t('total', { currency: r.currency })}</Typography.Text>;
  return (
    <span>
      <span style={{ overflowWrap: 'anywhere' }}>{r.merchantName}</span>
      <span className="mbo-list-sub">{r.merchantId}</span>
    </span>
  );
}

const columnsOf = (t: TFunction): TableColumnsType<SubMerchantBalanceRow> => [
  { key: 'merchant', title: t('merchant'), render: (_, r) => merchantCell(r, t) },
  { key: 'currency', title: t('currency'), width: 90, render: (_, r) => r.currency },
  { key: 'available', title: t('available'), align: 'right', render: (_, r) => money(r, r.available) },
  { key: 'pending', title: t('pending'), align: 'right', render: (_, r) => money(r, r.pending) },
  { key: 'reserved', title: t('reserved'), align: 'right', render: (_, r) => money(r, r.reserved) },
];

/** Phones: the merchant with its currency, and the three figures stacked. */
const narrowColumnsOf = (t: TFunction): TableColumnsType<SubMerchantBalanceRow> => [
  { key: 'merchant', title: t('merchant'), render: (_, r) => merchantCell(r, t) },
  {
    key: 'balances',
    title: t('figures'),
    align: 'right',
    render: (_, r) => (
      <div>
        {money(r, r.available)}
        <span className="mbo-list-sub">
          {t('pendingAmount')} {money(r, r.pending)}
        </span>
        <span className="mbo-list-sub">
          {t('reservedAmount')} {money(r, r.reserved)}
        </span>
      </div>
    ),
  },
];

/** The card around the roll-up (or its error), a region named like its heading. */
function Frame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('balance', { keyPrefix: 'subMerchants' });
  const title = (
    <h2 className="mbo-balance-heading">
      <ApartmentOutlined aria-hidden style={{ marginInlineEnd: 8 }} />
      {t('title')}
    </h2>
  );
  return (
    <section className="mbo-balance-block" aria-label={t('title')}>
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
  const { t } = useTranslation('balance', { keyPrefix: 'subMerchants' });
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
          title={t('loadFailed')}
          action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
        />
      </Frame>
    );
  }
  if (!query.data?.length) return null;
  return (
    <Frame>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('intro')}
      </Typography.Paragraph>
      <Table<SubMerchantBalanceRow>
        size="small"
        rowKey="key"
        columns={isMobile ? narrowColumnsOf(t) : columnsOf(t)}
        dataSource={subMerchantBalanceRows(query.data)}
        pagination={false}
        tableLayout={isMobile ? 'fixed' : undefined}
        scroll={isMobile ? undefined : { x: 'max-content' }}
        rowClassName={(r) => (r.kind === 'total' ? 'mbo-balance-total-row' : '')}
        locale={{ emptyText: t('empty') }}
      />
    </Frame>
  );
}
