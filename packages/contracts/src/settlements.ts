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
  batchDetailRequest, calendarRequest, estimationRequest, listBatchesRequest, listSettlementsRequest, sandboxAdvanceRequest, settlementDetailRequest,
  settlementTransactionsRequest,
} from './settlements-schemas';

export const SETTLEMENT_PATHS = {
  /** POST `{ pageNum, pageSize, ...filters }` → SettlementPage. */
  list: '/settlement/web/v1/settlement/list',
  /** GET `?settlementId=` → SettlementDetail. Another merchant's id: 002001B023. */
  detail: '/settlement/web/v1/settlement/detail',
  /** POST `{ settlementId | batchId, pageNum, pageSize }` → SettlementTransactionPage (the payments in it, newest first). */
  transactions: '/settlement/web/v1/settlement/transactions',
  /** POST `{ state: 'OPEN' | 'CLOSED', pageNum, pageSize, ...filters }` → SettlementBatchPage. CLOSED lists closed and settled batches. */
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

export interface SandboxAdvanceResult {
  /** The instant the cycle ran as of. */
  asOf: string;
  closed: number;
  settlements: number;
  batches: number;
}

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

export interface SettlementRecord {
  settlementId: string;
  currency: string;
  /** YYYY-MM-DD: the due day of its batches. */
  settlementDay: string;
  status: SettlementStatus;
  batchCount: number;
  paymentCount: number;
  refundCount: number;
  gross: number;
  refunds: number;
  fees: number;
  /** Dispute adjustments: disputes held from its batches (amount + fee each, modules/disputes). */
  disputes: number;
  /** Rolling reserve held back (0: the sandbox holds none). */
  reserve: number;
  net: number;
  /** Where it was paid: the masked bank account, or null when paid to the available balance. */
  bankAccount: string | null;
  bankReference: string | null;
  createdAt: string;
  paidAt: string | null;
}

/** Sums of a filtered settlements list, per currency. */
export interface SettlementTotals {
  currency: string;
  count: number;
  gross: number;
  refunds: number;
  fees: number;
  disputes: number;
  reserve: number;
  net: number;
}

export interface SettlementPage {
  total: number;
  records: SettlementRecord[];
  /** Per currency, over every row the filters match (not only this page). */
  totals: SettlementTotals[];
}

export interface SettlementBatchRecord {
  batchId: string;
  currency: string;
  status: BatchStatus;
  /** YYYY-MM-DD: the working day whose cut-off closes the batch. */
  businessDay: string;
  /** The cut-off instant. */
  closesAt: string;
  /** YYYY-MM-DD: the day it settles (T+N working days after the business day). */
  dueDay: string;
  settlementCycleDays: number;
  settlementCountry: string;
  timeZone: string;
  cutoffTime: string;
  paymentCount: number;
  gross: number;
  fees: number;
  refundCount: number;
  refunds: number;
  /** Disputes held from this batch (amount + fee each): its dispute adjustments. */
  disputeCount: number;
  disputes: number;
  net: number;
  settlementId: string | null;
  createdAt: string;
  closedAt: string | null;
  settledAt: string | null;
}

export interface SettlementBatchPage {
  total: number;
  records: SettlementBatchRecord[];
}

export interface SettlementDetail extends SettlementRecord {
  batches: SettlementBatchRecord[];
  /** The ledger transaction that moved the net from pending to available. */
  ledgerTransactionId: string | null;
}

/** One payment of a batch or settlement, with what it adds to the net. */
export interface SettlementTransactionRecord {
  paymentId: string;
  merchantOrderNo: string;
  batchId: string;
  currency: string;
  payMethodName: string;
  capturedAt: string;
  gross: number;
  fee: number;
  /** The refund deducted from this batch (0 when none, or when it came from the available balance). */
  refunded: number;
  refundId: string | null;
  /** The dispute held from this batch (amount + fee; 0 when none, or when it came from the available balance). */
  disputed: number;
  disputeId: string | null;
  /** gross − fee − refunded − disputed. */
  net: number;
}

export interface SettlementTransactionPage {
  total: number;
  records: SettlementTransactionRecord[];
}

/** The expected settlement of one due day in one currency. */
export interface EstimationDay {
  /** YYYY-MM-DD; a batch overdue (the job has not run yet) counts on today. */
  day: string;
  currency: string;
  batchCount: number;
  paymentCount: number;
  gross: number;
  refunds: number;
  fees: number;
  /** Disputes held from the batches (amount + fee each). */
  disputes: number;
  net: number;
  /** Whether a batch of that day is still open (its amounts can still grow). */
  includesOpen: boolean;
}

export interface SettlementEstimation {
  /** YYYY-MM-DD, today in the merchant's zone, and the last day covered. */
  from: string;
  to: string;
  days: EstimationDay[];
  /** The first day with an expected settlement, per currency of that day; null when nothing is due. */
  next: { day: string; amounts: { currency: string; net: number }[] } | null;
}

export interface CalendarDayAmount {
  currency: string;
  net: number;
}

export interface SettlementCalendarDay {
  /** YYYY-MM-DD. */
  day: string;
  working: boolean;
  weekend: boolean;
  /** Names of the public holidays that close the day (empty for none). */
  holidays: string[];
  /** Expected from unsettled batches due that day (today and later). */
  expected: CalendarDayAmount[];
  /** Settled that day. */
  paid: CalendarDayAmount[];
  settlementCount: number;
}

export interface SettlementCalendar {
  /** YYYY-MM. */
  month: string;
  /** The settlement country whose working days are shown, and the ones the merchant's services use. */
  country: string;
  countries: string[];
  /** YYYY-MM-DD, today in the merchant's zone. */
  today: string;
  days: SettlementCalendarDay[];
}

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
