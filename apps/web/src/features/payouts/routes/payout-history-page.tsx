import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Space, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { PAYOUT_BATCH_STATUSES, PAYOUT_STATUSES } from '@mbo/contracts/payouts';
import { useLabel, type LabelKind } from '@/i18n/use-label';
import { PAYOUT_BATCHES_LIST, PAYOUTS_LIST } from '@mbo/contracts/lists/payouts-list';
import type {
  ListPayoutBatchesRequest,
  ListPayoutsRequest,
  PayoutBatchRecord,
  PayoutRecord,
} from '@mbo/contracts/payouts';
import { ApprovalRulesButton } from '@/components/approvals/approval-rules-button';
import { AwaitingApproval } from '@/components/approvals/awaiting-approval';
import ListPage from '@/components/list/list-page';
import { readListQuery, toApiFilters, type ListQuery } from '@/components/list/list-request';
import { useListState } from '@/components/list/use-list-state';
import { useGlobalState } from '@/lib/global-state';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { payoutBatchesQueryOptions, payoutServicesQueryOptions, payoutsQueryOptions } from '../api/payouts-api';
import { batchesTable, payoutsTable } from '../components/payout-tables';
import { PAYOUT_BATCH_STATUS_TONE, PAYOUT_STATUS_TONE } from '../utils/payout-status';

/** The page header and a kind's status words, in the language in force. */
function useHistoryWords(kind: LabelKind, statuses: readonly string[]) {
  const { t } = useTranslation('payouts', { keyPrefix: 'history' });
  const label = useLabel();
  return {
    header: { eyebrow: t('eyebrow'), title: t('title'), subtitle: t('subtitle') },
    statusLabels: Object.fromEntries(statuses.map((s) => [s, label(kind, s)])),
  };
}

function payoutsQuery(list: ListQuery<typeof PAYOUTS_LIST>, tz: string | null | undefined, quiet = false) {
  const request = {
    ...toApiFilters(PAYOUTS_LIST, list.filters, tz),
    pageNum: list.pageNum,
    pageSize: list.pageSize,
  } as ListPayoutsRequest;
  return payoutsQueryOptions(request, { quiet });
}

function batchesQuery(list: ListQuery<typeof PAYOUT_BATCHES_LIST>, tz: string | null | undefined, quiet = false) {
  const request = {
    ...toApiFilters(PAYOUT_BATCHES_LIST, list.filters, tz),
    pageNum: list.pageNum,
    pageSize: list.pageSize,
  } as ListPayoutBatchesRequest;
  return payoutBatchesQueryOptions(request, { quiet });
}

export const prefetch: PagePrefetch = ({ queryClient, search, timeZone }) => {
  if (search.get('tab') === 'batches')
    void queryClient.prefetchQuery(batchesQuery(readListQuery(PAYOUT_BATCHES_LIST, search), timeZone, true));
  else void queryClient.prefetchQuery(payoutsQuery(readListQuery(PAYOUTS_LIST, search), timeZone, true));
};

type Tab = 'payouts' | 'batches';

function HistoryTabs({ tab }: { tab: Tab }) {
  const { t } = useTranslation('payouts', { keyPrefix: 'history' });
  const [, setSearch] = useSearchParams();
  return (
    <>
      <AwaitingApproval kinds={['PAYOUT', 'PAYOUT_BATCH']} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch(key === 'batches' ? { tab: 'batches' } : {})}
        items={[
          { key: 'payouts', label: t('tabPayouts') },
          { key: 'batches', label: t('tabBatches') },
        ]}
      />
    </>
  );
}

function HeaderActions() {
  const { t } = useTranslation('payouts', { keyPrefix: 'history' });
  const { hasPermission } = useGlobalState();
  const navigate = useNavigate();
  const services = useQuery(payoutServicesQueryOptions());
  return (
    <Space wrap>
      <ApprovalRulesButton
        currencies={[...new Set((services.data ?? []).filter((x) => x.status === 'ACTIVE').map((x) => x.currency))]}
      />
      {hasPermission('API_PAYOUT_CREATE') ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/payout/create')}>
          {t('newPayout')}
        </Button>
      ) : null}
    </Space>
  );
}

function PayoutsTab() {
  const tz = useGlobalState().user?.timeZone;
  const { t } = useTranslation('payouts');
  const label = useLabel();
  const words = useHistoryWords('PAYOUT_STATUSES', PAYOUT_STATUSES);
  const list = useListState(PAYOUTS_LIST);
  const page = useQuery({ ...payoutsQuery(list, tz), placeholderData: keepPreviousData });
  return (
    <ListPage<PayoutRecord>
      list={list}
      header={words.header}
      intro={<HistoryTabs tab="payouts" />}
      actions={<HeaderActions />}
      query={page}
      statusLabels={words.statusLabels}
      statusTones={PAYOUT_STATUS_TONE}
      {...payoutsTable(t, label, tz)}
    />
  );
}

function BatchesTab() {
  const tz = useGlobalState().user?.timeZone;
  const { t } = useTranslation('payouts');
  const words = useHistoryWords('PAYOUT_BATCH_STATUSES', PAYOUT_BATCH_STATUSES);
  const list = useListState(PAYOUT_BATCHES_LIST);
  const page = useQuery({ ...batchesQuery(list, tz), placeholderData: keepPreviousData });
  return (
    <ListPage<PayoutBatchRecord>
      list={list}
      header={words.header}
      intro={<HistoryTabs tab="batches" />}
      actions={<HeaderActions />}
      query={page}
      statusLabels={words.statusLabels}
      statusTones={PAYOUT_BATCH_STATUS_TONE}
      {...batchesTable(t, tz)}
    />
  );
}

/**
 * /payout/history: a tab of payouts (PAYOUTS_LIST) and a tab of batches (PAYOUT_BATCHES_LIST), by the list kit;
 * `?tab=batches` holds the tab.
 */
export default function PayoutHistoryPage() {
  const [search] = useSearchParams();
  return search.get('tab') === 'batches' ? <BatchesTab /> : <PayoutsTab />;
}
