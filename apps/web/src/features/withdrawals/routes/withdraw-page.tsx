import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { WITHDRAWALS_LIST } from '@mbo/contracts/lists/withdrawals-list';
import type { ListWithdrawalsRequest, WithdrawalRecord } from '@mbo/contracts/withdrawals';
import { ApprovalRulesButton } from '@/components/approvals/approval-rules-button';
import { AwaitingApproval } from '@/components/approvals/awaiting-approval';
import ListPage from '@/components/list/list-page';
import { readListQuery, toApiFilters, type ListQuery } from '@/components/list/list-request';
import { useListState } from '@/components/list/use-list-state';
import PageHeader from '@/components/page-header';
import { useGlobalState } from '@/lib/global-state';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { withdrawConfigQueryOptions, withdrawalsQueryOptions } from '../api/withdrawals';
import { WithdrawBalances } from '../components/withdraw-balances';
import { WithdrawForm } from '../components/withdraw-form';
import { WithdrawalDrawer } from '../components/withdrawal-drawer';
import { withdrawalsTable } from '../components/withdrawals-table';
import { WITHDRAWAL_STATUS_LABEL, WITHDRAWAL_STATUS_TONE } from '../utils/withdrawal-status';

const HEADER = {
  eyebrow: 'Account',
  title: 'Withdraw',
  subtitle:
    'Move your available balance to one of your verified bank accounts, and follow every withdrawal until it is paid.',
};
const NO_PERMISSION = 'Your role can see withdrawals but not make them (API_WITHDRAW_CREATE).';
const DETAIL_PARAM = 'withdrawalId';

function withdrawalsQuery(list: ListQuery<typeof WITHDRAWALS_LIST>, tz: string | null | undefined, quiet = false) {
  const request = {
    ...toApiFilters(WITHDRAWALS_LIST, list.filters, tz),
    pageNum: list.pageNum,
    pageSize: list.pageSize,
  } as ListWithdrawalsRequest;
  return withdrawalsQueryOptions(request, { quiet });
}

export const prefetch: PagePrefetch = ({ queryClient, search, timeZone }) => {
  void queryClient.prefetchQuery(withdrawConfigQueryOptions({ quiet: true }));
  void queryClient.prefetchQuery(withdrawalsQuery(readListQuery(WITHDRAWALS_LIST, search), timeZone, true));
};

/**
 * /account/withdraw: the new-withdrawal form above the withdrawal history (WITHDRAWALS_LIST by the
 * list kit, its Views, Columns and Export with its table below the form); a row, or `?withdrawalId=`
 * (the balance page links here), opens its detail.
 */
export default function WithdrawPage() {
  const { user, hasPermission } = useGlobalState();
  const tz = user?.timeZone;
  const list = useListState(WITHDRAWALS_LIST);
  const [search, setSearch] = useSearchParams();
  const config = useQuery(withdrawConfigQueryOptions());
  const page = useQuery({ ...withdrawalsQuery(list, tz), placeholderData: keepPreviousData });
  const openId = search.get(DETAIL_PARAM);
  const setOpen = (id: string | null) =>
    setSearch((s) => {
      const next = new URLSearchParams(s);
      if (id) next.set(DETAIL_PARAM, id);
      else next.delete(DETAIL_PARAM);
      return next;
    });

  const form = config.isError ? (
    <Alert
      type="error"
      showIcon
      title="The withdrawal form could not be loaded."
      action={<Button onClick={() => void config.refetch()}>Try again</Button>}
      style={{ marginBottom: 24 }}
    />
  ) : !config.data ? (
    <Skeleton active paragraph={{ rows: 6 }} style={{ maxWidth: 720, marginBottom: 24 }} />
  ) : (
    <>
      <AwaitingApproval kinds={['WITHDRAWAL']} />
      <div className="mbo-withdraw-layout">
        <WithdrawForm
          config={config.data}
          blockedReason={hasPermission('API_WITHDRAW_CREATE') ? null : NO_PERMISSION}
          timeZone={tz}
          onSubmitted={setOpen}
        />
        <WithdrawBalances config={config.data} />
      </div>
    </>
  );
  return (
    <>
      <PageHeader
        {...HEADER}
        extra={<ApprovalRulesButton currencies={config.data?.agreements.map((a) => a.currency) ?? []} />}
      />
      {form}
      <ListPage<WithdrawalRecord>
        list={list}
        header={{ embedded: true, heading: true, title: 'Withdrawal history' }}
        query={page}
        statusLabels={WITHDRAWAL_STATUS_LABEL}
        statusTones={WITHDRAWAL_STATUS_TONE}
        onRowClick={(r) => setOpen(r.withdrawalId)}
        {...withdrawalsTable(tz)}
      >
        <WithdrawalDrawer withdrawalId={openId} onClose={() => setOpen(null)} />
      </ListPage>
    </>
  );
}
