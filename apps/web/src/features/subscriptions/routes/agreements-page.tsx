import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import { AGREEMENT_STATUSES } from '@mbo/contracts/subscriptions';
import { useLabel } from '@/i18n/use-label';
import { AGREEMENTS_LIST } from '@mbo/contracts/lists/agreements-list';
import type { AgreementFilters, AgreementRecord, ListAgreementsRequest } from '@mbo/contracts/subscriptions';
import ListPage from '@/components/list/list-page';
import { readListQuery, toApiFilters, type ListQuery } from '@/components/list/list-request';
import { useListState } from '@/components/list/use-list-state';
import { useGlobalState } from '@/lib/global-state';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { agreementStatusCountsQueryOptions, listAgreementsQueryOptions } from '../api/agreements-api';
import { useAgreementsTable } from '../components/agreements-table';
import { AGREEMENT_STATUS_TONE } from '../utils/agreement-status';

/** The page's two calls: the rows, and the status tiles' counts (the same filters but the status). */
function agreementsQueries(list: ListQuery<typeof AGREEMENTS_LIST>, tz: string | null | undefined, quiet = false) {
  const request = {
    ...toApiFilters(AGREEMENTS_LIST, list.filters, tz),
    pageNum: list.pageNum,
    pageSize: list.pageSize,
    sort: list.sort,
  } as ListAgreementsRequest;
  return {
    page: listAgreementsQueryOptions(request, { quiet }),
    counts: agreementStatusCountsQueryOptions(
      toApiFilters(AGREEMENTS_LIST, list.filters, tz, ['statusSet']) as AgreementFilters,
    ),
  };
}

export const prefetch: PagePrefetch = ({ queryClient, search, timeZone }) => {
  const queries = agreementsQueries(readListQuery(AGREEMENTS_LIST, search), timeZone, true);
  void queryClient.prefetchQuery(queries.page);
  void queryClient.prefetchQuery(queries.counts);
};

/** /subscription/agreements: AGREEMENTS_LIST rendered by the list kit, with its status tiles. */
export default function AgreementsPage() {
  const { t } = useTranslation('subscriptions', { keyPrefix: 'page' });
  const label = useLabel();
  const statusLabels = Object.fromEntries(AGREEMENT_STATUSES.map((s) => [s, label('AGREEMENT_STATUSES', s)]));
  const tz = useGlobalState().user?.timeZone;
  const list = useListState(AGREEMENTS_LIST);
  const queries = agreementsQueries(list, tz);
  const page = useQuery({ ...queries.page, placeholderData: keepPreviousData });
  const counts = useQuery({ ...queries.counts, placeholderData: keepPreviousData });
  return (
    <ListPage<AgreementRecord>
      list={list}
      header={{ eyebrow: t('eyebrow'), title: t('title'), subtitle: t('subtitle') }}
      query={page}
      statusLabels={statusLabels}
      statusTones={AGREEMENT_STATUS_TONE}
      tileCounts={{ data: counts.data, loading: counts.isFetching }}
      {...useAgreementsTable()}
    />
  );
}
