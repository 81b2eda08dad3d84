import type { Page } from '@mbo/contracts/envelope';
import {
  AGREEMENT_PATHS,
  AGREEMENT_STATUSES,
  type AgreementDetail,
  type AgreementFilters,
  type AgreementRecord,
  type AgreementStatus,
  type CancelWhen,
  type ListAgreementsRequest,
} from '@mbo/contracts/subscriptions';
import { isNotFoundError } from '@/components/detail/detail-not-found';
import { get, post } from '@/lib/http/request';
import { agreementKeys } from './agreement-keys';

/** One page of the merchant's agreements. `quiet`: no error toast (a prefetch, the tiles' counts). */
export function listAgreements(
  req: ListAgreementsRequest,
  signal?: AbortSignal,
  quiet = false,
): Promise<Page<AgreementRecord>> {
  return post<Page<AgreementRecord>>(AGREEMENT_PATHS.list, req, { signal, showErrorMessage: !quiet });
}

export function listAgreementsQueryOptions(req: ListAgreementsRequest, { quiet = false } = {}) {
  return {
    queryKey: agreementKeys.list(req),
    queryFn: ({ signal }: { signal: AbortSignal }) => listAgreements(req, signal, quiet),
    staleTime: 10_000,
  };
}

/**
 * Counts per status for the tiles (the list's filters but the status) and ALL: the total of a
 * one-row page per status, as the contract has no count call of its own. Quiet: the tiles show dashes
 * on failure.
 */
export async function countAgreementStatuses(
  filters: AgreementFilters,
  signal?: AbortSignal,
): Promise<Record<AgreementStatus | 'ALL', number>> {
  const totals = await Promise.all(
    AGREEMENT_STATUSES.map((status) =>
      listAgreements({ ...filters, status: [status], pageNum: 1, pageSize: 1 }, signal, true).then((p) => p.total),
    ),
  );
  const counts = Object.fromEntries(AGREEMENT_STATUSES.map((s, i) => [s, totals[i]])) as Record<
    AgreementStatus,
    number
  >;
  return { ...counts, ALL: totals.reduce((sum, n) => sum + n, 0) };
}

export function agreementStatusCountsQueryOptions(filters: AgreementFilters) {
  return {
    queryKey: agreementKeys.counts(filters),
    queryFn: ({ signal }: { signal: AbortSignal }) => countAgreementStatuses(filters, signal),
    staleTime: 10_000,
  };
}

/** One agreement with its charges and events. "Not found" is shown by the page, not as a toast. */
export function agreementDetailQueryOptions(agreementId: string) {
  return {
    queryKey: agreementKeys.detail(agreementId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      get<AgreementDetail>(AGREEMENT_PATHS.detail, { agreementId }, { showErrorMessage: false, signal }),
    retry: (count: number, error: unknown) => !isNotFoundError(error) && count < 2,
  };
}

/**
 * Cancels now or at the end of the current period (API_SUBSCRIPTION_AGREEMENTS_CANCEL); answers the agreement as it is
 * then.
 */
export function cancelAgreement(agreementId: string, when: CancelWhen): Promise<AgreementDetail> {
  return post<AgreementDetail>(AGREEMENT_PATHS.cancel, { agreementId, when });
}
