import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { WITHDRAWAL_STATUSES } from '@mbo/contracts/withdrawals';
import { useLabel } from '@/i18n/use-label';
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
import { WITHDRAWAL_STATUS_TONE } from '../utils/withdrawal-status';

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
  const { t } = useTranslation('withdrawals');
  const label = useLabel();
  const statusLabels = Object.fromEntries(WITHDRAWAL_STATUSES.map((s) => [s, label('WITHDRAWAL_STATUSES', s)]));
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
      title={t('page.formFailed')}
      action={<Button onClick={() => void config.refetch()}>{t('page.retry')}</Button>}
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
          blockedReason={hasPermission('API_WITHDRAW_CREATE') ? null : t('page.noPermission')}
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
        eyebrow={t('page.eyebrow')}
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        extra={<ApprovalRulesButton currencies={config.data?.agreements.map((a) => a.currency) ?? []} />}
      />
      {form}
      <ListPage<WithdrawalRecord>
        list={list}
        header={{ embedded: true, heading: true, title: t('page.history') }}
        query={page}
        statusLabels={statusLabels}
        statusTones={WITHDRAWAL_STATUS_TONE}
        onRowClick={(r) => setOpen(r.withdrawalId)}
        {...withdrawalsTable(tz, t)}
      >
        <WithdrawalDrawer withdrawalId={openId} onClose={() => setOpen(null)} />
      </ListPage>
    </>
  );
}
