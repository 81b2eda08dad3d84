import { REPORT_PATHS, type CreateExportRequest, type ExportRecord } from '@mbo/contracts/reports';
import {
  SETTLEMENT_PATHS,
  type SettlementTransactionPage,
  type SettlementTransactionsRequest,
} from '@mbo/contracts/settlements';
import { post } from '@/lib/http/request';
import { settlementKeys } from './settlement-keys';

/** Whose payments: one settlement's or one batch's (exactly one of the two ids). */
export type SettlementTransactionsOwner = { settlementId: string } | { batchId: string };

/** One page of the payments of a settlement or batch, newest first. Quiet: the table shows its own error. */
export function listSettlementTransactions(
  request: SettlementTransactionsRequest,
  signal?: AbortSignal,
): Promise<SettlementTransactionPage> {
  return post<SettlementTransactionPage>(SETTLEMENT_PATHS.transactions, request, { signal, showErrorMessage: false });
}

export function settlementTransactionsQueryOptions(request: SettlementTransactionsRequest) {
  return {
    queryKey: settlementKeys.transactionPage(request),
    queryFn: ({ signal }: { signal: AbortSignal }) => listSettlementTransactions(request, signal),
    staleTime: 10_000,
  };
}

/** The export type of a settlement's (or batch's) payments: SETTLEMENT_TRANSACTION_EXPORT_COLUMNS. */
export const SETTLEMENT_TRANSACTIONS_EXPORT = 'SETTLEMENT_TRANSACTIONS';

/**
 * The create call for it (its type is accepted whether or not EXPORT_TYPES lists it yet: the server module adds it).
 */
type SettlementTransactionsExportRequest = Omit<CreateExportRequest, 'type'> & {
  type: CreateExportRequest['type'] | typeof SETTLEMENT_TRANSACTIONS_EXPORT;
};

/** An export may cover at most a year: the range sent ends now and starts 365 days before. */
const EXPORT_RANGE_MS = 365 * 86_400_000;

/**
 * Queues the export of every payment of a settlement or batch (CSV, times in `timeZone`). The id
 * bounds the rows; the create call still wants a date range, so the last year is sent. "Last export
 * not completed" (012001B039) shows as the catalogue's toast.
 */
export function createSettlementTransactionsExport(
  owner: SettlementTransactionsOwner,
  timeZone: string,
  now = new Date(),
): Promise<ExportRecord> {
  const request = {
    type: SETTLEMENT_TRANSACTIONS_EXPORT,
    format: 'CSV',
    timeZone,
    createdFrom: new Date(now.getTime() - EXPORT_RANGE_MS).toISOString(),
    createdTo: now.toISOString(),
    filters: { ...owner },
  } satisfies SettlementTransactionsExportRequest;
  return post<ExportRecord>(REPORT_PATHS.create, request);
}
