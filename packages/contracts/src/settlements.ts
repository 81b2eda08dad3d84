/**
 * Settlements (the Settlements menu): clearing batches, the settlements they go into, what is expected
 * in the coming days and the settlement calendar. Paths, constants and types; schemas in
 * settlements-schemas.ts (request types inferred from them, type-only).
 *
 * Money is in minor units of the record's currency. A batch's and a settlement's net is always
 * gross − refunds − fees − disputes − reserve, and the nets of its payments add up to it.
 */
import type { z } from 'zod';
import type {
  batchDetailRequest,
  calendarDayAmountSchema,
  calendarRequest,
  estimationDaySchema,
  estimationRequest,
  listBatchesRequest,
  listSettlementsRequest,
  sandboxAdvanceRequest,
  sandboxAdvanceResultSchema,
  settlementBatchPageSchema,
  settlementBatchRecordSchema,
  settlementCalendarDaySchema,
  settlementCalendarSchema,
  settlementDetailRequest,
  settlementDetailSchema,
  settlementEstimationSchema,
  settlementPageSchema,
  settlementRecordSchema,
  settlementTotalsSchema,
  settlementTransactionPageSchema,
  settlementTransactionRecordSchema,
  settlementTransactionsRequest,
} from './settlements-schemas';

export const SETTLEMENT_PATHS = {
  /** POST `{ pageNum, pageSize, ...filters }` → SettlementPage. */
  list: '/settlement/web/v1/settlement/list',
  /** GET `?settlementId=` → SettlementDetail. Another merchant's id: 002001B023. */
  detail: '/settlement/web/v1/settlement/detail',
  /**
   * POST `{ settlementId | batchId, pageNum, pageSize }` → SettlementTransactionPage (the payments in it, newest
   * first).
   */
  transactions: '/settlement/web/v1/settlement/transactions',
  /**
   * POST `{ state: 'OPEN' | 'CLOSED', pageNum, pageSize, ...filters }` → SettlementBatchPage. CLOSED lists closed and
   * settled batches.
   */
  batchList: '/settlement/web/v1/batch/list',
  /** GET `?batchId=` → SettlementBatchRecord. Another merchant's id: 002001B023. */
  batchDetail: '/settlement/web/v1/batch/detail',
  /** GET `?days=30` → SettlementEstimation: the expected net per due day and currency of every unsettled batch. */
  estimation: '/settlement/web/v1/estimation',
  /** GET `?month=YYYY-MM[&country=XX]` → SettlementCalendar (API_SETTLEMENT_CALENDAR). */
  calendar: '/settlement/web/v1/calendar',
  /**
   * POST `{ days }` → SandboxAdvanceResult. The sandbox clock (servers with SANDBOX_CLOCK only): runs
   * the settlement cycle for the active merchant as of `days` days from now, so its batches close and
   * settle without waiting (recorded at the real time).
   */
  sandboxAdvance: '/settlement/web/v1/sandbox/advance',
  /** GET → `{ enabled }`: whether this server has the sandbox clock (the page offers "Move time forward" only then). */
  sandboxClock: '/settlement/web/v1/sandbox/clock',
} as const;

export const SANDBOX_ADVANCE_MAX_DAYS = 30;

export type SandboxAdvanceResult = z.infer<typeof sandboxAdvanceResultSchema>;

export const SETTLEMENT_STATUSES = ['PENDING', 'PAID', 'FAILED'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

export const BATCH_STATUSES = ['OPEN', 'CLOSED', 'SETTLED'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
/** The two batch pages: open batches, and the history of closed (and settled) ones. */
export const BATCH_STATES = ['OPEN', 'CLOSED'] as const;

export const SETTLEMENT_SORTS = ['settlementDay:desc', 'settlementDay:asc'] as const;
export type SettlementSort = (typeof SETTLEMENT_SORTS)[number];
export const BATCH_SORTS = ['closesAt:desc', 'closesAt:asc'] as const;
export type BatchSort = (typeof BATCH_SORTS)[number];

/** Estimation covers today and the next days, at most this many. */
export const ESTIMATION_MAX_DAYS = 60;

export type SettlementRecord = z.infer<typeof settlementRecordSchema>;

/** Sums of a filtered settlements list, per currency. */
export type SettlementTotals = z.infer<typeof settlementTotalsSchema>;

export type SettlementPage = z.infer<typeof settlementPageSchema>;

export type SettlementBatchRecord = z.infer<typeof settlementBatchRecordSchema>;

export type SettlementBatchPage = z.infer<typeof settlementBatchPageSchema>;

export type SettlementDetail = z.infer<typeof settlementDetailSchema>;

/** One payment of a batch or settlement, with what it adds to the net. */
export type SettlementTransactionRecord = z.infer<typeof settlementTransactionRecordSchema>;

export type SettlementTransactionPage = z.infer<typeof settlementTransactionPageSchema>;

/** The expected settlement of one due day in one currency. */
export type EstimationDay = z.infer<typeof estimationDaySchema>;

export type SettlementEstimation = z.infer<typeof settlementEstimationSchema>;

export type CalendarDayAmount = z.infer<typeof calendarDayAmountSchema>;

export type SettlementCalendarDay = z.infer<typeof settlementCalendarDaySchema>;

export type SettlementCalendar = z.infer<typeof settlementCalendarSchema>;

export type ListSettlementsRequest = z.input<typeof listSettlementsRequest>;
export type ListSettlementsQuery = z.output<typeof listSettlementsRequest>;
export type ListBatchesRequest = z.input<typeof listBatchesRequest>;
export type ListBatchesQuery = z.output<typeof listBatchesRequest>;
export type SettlementTransactionsRequest = z.input<typeof settlementTransactionsRequest>;
export type EstimationRequest = z.input<typeof estimationRequest>;
export type CalendarRequest = z.input<typeof calendarRequest>;
export type SandboxAdvanceRequest = z.input<typeof sandboxAdvanceRequest>;
export type SettlementDetailRequest = z.input<typeof settlementDetailRequest>;
export type BatchDetailRequest = z.input<typeof batchDetailRequest>;
