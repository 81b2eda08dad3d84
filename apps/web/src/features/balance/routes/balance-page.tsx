import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import { BALANCE_TRANSACTION_TYPES } from '@mbo/contracts/balance-transactions';
import { useLabel } from '@/i18n/use-label';
import type { BalanceTransactionRecord, ListBalanceTransactionsRequest } from '@mbo/contracts/balance-transactions';
import { BALANCE_TRANSACTIONS_LIST } from '@mbo/contracts/lists/balance-transactions-list';
import ListPage from '@/components/list/list-page';
import { readListQuery, toApiFilters, type ListQuery } from '@/components/list/list-request';
import { useListState } from '@/components/list/use-list-state';
import PageHeader from '@/components/page-header';
import { useGlobalState } from '@/lib/global-state';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { balancesQueryOptions } from '../api/list-balances';
import { listBalanceTransactionsQueryOptions } from '../api/list-balance-transactions';
import { subMerchantBalancesQueryOptions } from '../api/list-sub-merchant-balances';
import { BalanceCards } from '../components/balance-cards';
import { useBalanceTransactionsTable } from '../components/balance-transactions-table';
import { SubMerchantBalancesCard } from '../components/sub-merchant-balances-card';
import { BALANCE_TRANSACTION_TYPE_TONE } from '../utils/balance-transaction-type';

const LIST = BALANCE_TRANSACTIONS_LIST;

type List = typeof LIST;

/** The list call for the URL's filters (the type filter is sent as `type`: its apiKey). */
function balanceTransactionsRequest(
  list: ListQuery<List>,
  tz: string | null | undefined,
): ListBalanceTransactionsRequest {
  return {
    ...(toApiFilters(LIST, list.filters, tz) as Omit<ListBalanceTransactionsRequest, 'pageNum' | 'pageSize' | 'sort'>),
    pageNum: list.pageNum,
    pageSize: list.pageSize,
    sort: list.sort,
  };
}

export const prefetch: PagePrefetch = ({ queryClient, search, timeZone }) => {
  void queryClient.prefetchQuery(balancesQueryOptions());
  void queryClient.prefetchQuery(subMerchantBalancesQueryOptions());
  void queryClient.prefetchQuery(
    listBalanceTransactionsQueryOptions(balanceTransactionsRequest(readListQuery(LIST, search), timeZone), {
      quiet: true,
    }),
  );
};

/**
 * /account/balance: the balances per currency (and the sub-merchants' roll-up), then BALANCE_TRANSACTIONS_LIST on the
 * list kit.
 */
export default function BalancePage() {
  const tz = useGlobalState().user?.timeZone;
  const list = useListState(LIST);
  const { t } = useTranslation('balance', { keyPrefix: 'page' });
  const label = useLabel();
  const typeLabels = Object.fromEntries(
    BALANCE_TRANSACTION_TYPES.map((type) => [type, label('BALANCE_TRANSACTION_TYPES', type)]),
  );
  const page = useQuery({
    ...listBalanceTransactionsQueryOptions(balanceTransactionsRequest(list, tz)),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <PageHeader eyebrow={t('eyebrow')} title={t('title')} subtitle={t('subtitle')} />
      <BalanceCards />
      <SubMerchantBalancesCard />
      <ListPage<BalanceTransactionRecord>
        list={list}
        header={{ embedded: true, heading: true, title: t('transactions') }}
        query={page}
        statusLabels={typeLabels}
        statusTones={BALANCE_TRANSACTION_TYPE_TONE}
        {...useBalanceTransactionsTable()}
      />
    </>
  );
}
