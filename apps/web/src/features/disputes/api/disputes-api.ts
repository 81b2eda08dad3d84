import type { Page } from '@mbo/contracts/envelope';
import {
  DISPUTE_PATHS,
  type DisputeDetail,
  type DisputeDocumentKind,
  type DisputeFile,
  type DisputeRecord,
  type EvidenceText,
  type ListDisputesRequest,
} from '@mbo/contracts/disputes';
import type { EvidenceCategory } from '@mbo/contracts/dispute-reasons';
import { isNotFoundError } from '@/components/detail/detail-not-found';
import { get, post, request } from '@/lib/http/request';
import { disputeKeys } from './dispute-keys';

/** One page of the merchant's disputes. `quiet`: no error toast (a prefetch). */
export function listDisputes(
  req: ListDisputesRequest,
  signal?: AbortSignal,
  quiet = false,
): Promise<Page<DisputeRecord>> {
  return post<Page<DisputeRecord>>(DISPUTE_PATHS.list, req, { signal, showErrorMessage: !quiet });
}

export function listDisputesQueryOptions(req: ListDisputesRequest, { quiet = false } = {}) {
  return {
    queryKey: disputeKeys.list(req),
    queryFn: ({ signal }: { signal: AbortSignal }) => listDisputes(req, signal, quiet),
    staleTime: 10_000,
  };
}

export function disputeDetailQueryOptions(disputeId: string) {
  return {
    queryKey: disputeKeys.detail(disputeId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      get<DisputeDetail>(DISPUTE_PATHS.detail, { disputeId }, { showErrorMessage: false, signal }),
    // Under review, the sandbox decides it soon: look again now and then.
    refetchInterval: (query: { state: { data?: DisputeDetail } }) =>
      query.state.data?.status === 'UNDER_REVIEW' ? 5_000 : false,
    retry: (count: number, error: unknown) => !isNotFoundError(error) && count < 2,
  };
}

export const saveEvidence = (disputeId: string, evidence: EvidenceText) =>
  post<DisputeDetail>(DISPUTE_PATHS.saveEvidence, { disputeId, evidence }, { showSuccessMessage: true });

export const submitDispute = (disputeId: string, evidence: EvidenceText) =>
  post<DisputeDetail>(DISPUTE_PATHS.submit, { disputeId, evidence }, { showSuccessMessage: true });

export const acceptDispute = (disputeId: string) =>
  post<DisputeDetail>(DISPUTE_PATHS.accept, { disputeId }, { showSuccessMessage: true });

/** Multipart: the fields first, then the file (the server reads them in this order). */
export function uploadEvidence(disputeId: string, category: EvidenceCategory, file: File): Promise<DisputeFile> {
  const form = new FormData();
  form.append('disputeId', disputeId);
  form.append('category', category);
  form.append('file', file, file.name);
  // A refusal (type, size, an empty file) is shown at the evidence field, not as a toast.
  return post<DisputeFile>(DISPUTE_PATHS.upload, form, { showSuccessMessage: true, showErrorMessage: false });
}

export const deleteEvidence = (disputeId: string, fileId: string) =>
  post<null>(DISPUTE_PATHS.deleteFile, { disputeId, fileId }, { showSuccessMessage: true });

export async function downloadEvidence(disputeId: string, fileId: string): Promise<void> {
  await request<Blob>({
    url: DISPUTE_PATHS.downloadFile,
    method: 'GET',
    data: { disputeId, fileId },
    responseType: 'blob',
  });
}

export async function downloadDisputeDocument(disputeId: string, kind: DisputeDocumentKind): Promise<void> {
  await request<Blob>({ url: DISPUTE_PATHS.document, method: 'GET', data: { disputeId, kind }, responseType: 'blob' });
}
