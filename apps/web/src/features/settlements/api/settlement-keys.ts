import type {
  CalendarRequest,
  ListBatchesRequest,
  ListSettlementsRequest,
  SettlementTransactionsRequest,
} from '@mbo/contracts/settlements';
import { sharedKeys } from '@/lib/query-keys';

/**
 * Query keys of the settlements feature: the settlements, their estimation and calendar, the clearing
 * batches and the payments of a settlement or batch. Each sits under a shared root, since the
 * mutations that move money elsewhere (a refund deducted from a batch) change them too. The home
 * page's next-settlement card asks for the estimation under the same key, so the two share one answer.
 */
export const settlementKeys = {
  all: sharedKeys.settlements,
  lists: () => [...settlementKeys.all, 'list'] as const,
  list: (request: ListSettlementsRequest) => [...settlementKeys.lists(), request] as const,
  details: () => [...settlementKeys.all, 'detail'] as const,
  detail: (settlementId: string) => [...settlementKeys.details(), settlementId] as const,
  estimations: () => sharedKeys.settlementEstimations,
  estimation: (days: number) => sharedKeys.settlementEstimation(days),
  calendars: () => [...settlementKeys.all, 'calendar'] as const,
  calendar: (request: CalendarRequest) => [...settlementKeys.calendars(), request] as const,
  /** Whether this server has the sandbox clock (it never changes while the server runs). */
  sandboxClock: () => [...settlementKeys.all, 'sandbox-clock'] as const,
  batches: () => sharedKeys.settlementBatches,
  batchLists: () => [...settlementKeys.batches(), 'list'] as const,
  batchList: (request: ListBatchesRequest) => [...settlementKeys.batchLists(), request] as const,
  batchDetail: (batchId: string) => [...settlementKeys.batches(), 'detail', batchId] as const,
  /** The payments of one settlement or batch, a page at a time. */
  transactions: () => sharedKeys.settlementTransactions,
  transactionPage: (request: SettlementTransactionsRequest) => [...settlementKeys.transactions(), request] as const,
};
