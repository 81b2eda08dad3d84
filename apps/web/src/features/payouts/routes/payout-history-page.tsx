import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Space, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
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
import {
  PAYOUT_BATCH_STATUS_LABEL,
  PAYOUT_BATCH_STATUS_TONE,
  PAYOUT_STATUS_LABEL,
  PAYOUT_STATUS_TONE,
} from '../utils/payout-status';

const HEADER = {
  eyebrow: 'Payouts',
  title: 'Payout history',
  subtitle: 'Every payout you sent, one by one or in batch files, with its status until the beneficiary is paid.',
};

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
  const [, setSearch] = useSearchParams();
  return (
    <>
      <AwaitingApproval kinds={['PAYOUT', 'PAYOUT_BATCH']} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch(key === 'batches' ? { tab: 'batches' } : {})}
        items={[
          { key: 'payouts', label: 'Payouts' },
          { key: 'batches', label: 'Batches' },
        ]}
      />
    </>
  );
}

function HeaderActions() {
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
          New payout
        </Button>
      ) : null}
    </Space>
  );
}

function PayoutsTab() {
  const tz = useGlobalState().user?.timeZone;
  const list = useListState(PAYOUTS_LIST);
  const page = useQuery({ ...payoutsQuery(list, tz), placeholderData: keepPreviousData });
  return (
    <ListPage<PayoutRecord>
      list={list}
      header={HEADER}
      intro={<HistoryTabs tab="payouts" />}
      actions={<HeaderActions />}
      query={page}
      statusLabels={PAYOUT_STATUS_LABEL}
      statusTones={PAYOUT_STATUS_TONE}
      {...payoutsTable(tz)}
    />
  );
}

function BatchesTab() {
  const tz = useGlobalState().user?.timeZone;
  const list = useListState(PAYOUT_BATCHES_LIST);
  const page = useQuery({ ...batchesQuery(list, tz), placeholderData: keepPreviousData });
  return (
    <ListPage<PayoutBatchRecord>
      list={list}
      header={HEADER}
      intro={<HistoryTabs tab="batches" />}
      actions={<HeaderActions />}
      query={page}
      statusLabels={PAYOUT_BATCH_STATUS_LABEL}
      statusTones={PAYOUT_BATCH_STATUS_TONE}
      {...batchesTable(tz)}
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
