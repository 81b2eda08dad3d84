import type { Page } from '@mbo/contracts/envelope';
import { PAYOUT_SERVICE_PATHS, type PayoutServiceRecord } from '@mbo/contracts/payout-services';
import {
  PAYOUT_PATHS,
  type BatchValidation,
  type CreatePayoutRequest,
  type ListPayoutBatchesRequest,
  type ListPayoutsRequest,
  type PayoutBatchDetail,
  type PayoutBatchRecord,
  type PayoutDetail,
  type PayoutRecord,
  type SubmitPayoutBatchRequest,
} from '@mbo/contracts/payouts';
import { IDEMPOTENCY_HEADER } from '@mbo/contracts/refunds';
import { get, post, request } from '@/lib/http/request';
import { payoutKeys } from './payout-keys';

const moving = (statuses: string[]) => statuses.some((s) => s === 'PENDING' || s === 'PROCESSING');

export function payoutsQueryOptions(r: ListPayoutsRequest, { quiet = false } = {}) {
  return {
    queryKey: payoutKeys.list(r),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      post<Page<PayoutRecord>>(PAYOUT_PATHS.list, r, { signal, showErrorMessage: !quiet }),
    refetchInterval: (q: { state: { data?: Page<PayoutRecord> } }) =>
      moving(q.state.data?.records.map((x) => x.status) ?? []) ? 3_000 : false,
  };
}

export function payoutBatchesQueryOptions(r: ListPayoutBatchesRequest, { quiet = false } = {}) {
  return {
    queryKey: payoutKeys.batches(r),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      post<Page<PayoutBatchRecord>>(PAYOUT_PATHS.batchList, r, { signal, showErrorMessage: !quiet }),
    refetchInterval: (q: { state: { data?: Page<PayoutBatchRecord> } }) =>
      q.state.data?.records.some((b) => b.status === 'PROCESSING') ? 3_000 : false,
  };
}

export function payoutDetailQueryOptions(payoutId: string) {
  return {
    queryKey: payoutKeys.detail(payoutId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      get<PayoutDetail>(PAYOUT_PATHS.detail, { payoutId }, { signal, showErrorMessage: false }),
    refetchInterval: (q: { state: { data?: PayoutDetail } }) =>
      q.state.data && moving([q.state.data.status]) ? 3_000 : false,
  };
}

export function payoutBatchQueryOptions(batchId: string) {
  return {
    queryKey: payoutKeys.batch(batchId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      get<PayoutBatchDetail>(PAYOUT_PATHS.batchDetail, { batchId }, { signal, showErrorMessage: false }),
    refetchInterval: (q: { state: { data?: PayoutBatchDetail } }) =>
      q.state.data?.status === 'PROCESSING' ? 3_000 : false,
  };
}

/** The merchant's payout services (every one: the row rules pick the active one of a country, method and currency). */
export function payoutServicesQueryOptions() {
  return {
    queryKey: payoutKeys.services(),
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (await post<Page<PayoutServiceRecord>>(PAYOUT_SERVICE_PATHS.list, { pageNum: 1, pageSize: 200 }, { signal }))
        .records,
    staleTime: 60_000,
  };
}

/** The catalogue's refusals come back as ApiError with the cells in `data.rows`; the forms show them. */
export const createPayout = (body: CreatePayoutRequest, key: string) =>
  post<PayoutRecord>(PAYOUT_PATHS.create, body, { headers: { [IDEMPOTENCY_HEADER]: key }, showErrorMessage: false });

export function validateBatchFile(file: File): Promise<BatchValidation> {
  const form = new FormData();
  form.append('file', file, file.name);
  return post<BatchValidation>(PAYOUT_PATHS.validate, form, { showErrorMessage: false });
}

export const submitPayoutBatch = (body: SubmitPayoutBatchRequest, key: string) =>
  post<PayoutBatchRecord>(PAYOUT_PATHS.submit, body, {
    headers: { [IDEMPOTENCY_HEADER]: key },
    showErrorMessage: false,
  });

export async function downloadTemplate(format: 'CSV' | 'XLSX'): Promise<void> {
  await request<Blob>({ url: PAYOUT_PATHS.template, method: 'GET', data: { format }, responseType: 'blob' });
}
