/** Batches as the server answers them, for the batch pages' tests. */
import type { SettlementBatchRecord } from '@mbo/contracts/settlements';

/** 2026-05-02 10:00 UTC (18:00 in Singapore, the test user's zone). */
export const NOW = Date.parse('2026-05-02T10:00:00.000Z');

export const OPEN_USD: SettlementBatchRecord = {
  batchId: 'BAT1',
  currency: 'USD',
  status: 'OPEN',
  businessDay: '2026-05-02',
  closesAt: '2026-05-02T13:00:00.000Z',
  dueDay: '2026-05-06',
  settlementCycleDays: 2,
  settlementCountry: 'SG',
  timeZone: 'Asia/Singapore',
  cutoffTime: '21:00',
  paymentCount: 12,
  gross: 120_000,
  fees: 4_560,
  refundCount: 1,
  refunds: 2_500,
  disputeCount: 0,
  disputes: 0,
  net: 112_940,
  settlementId: null,
  createdAt: '2026-05-01T13:00:05.000Z',
  closedAt: null,
  settledAt: null,
};

export const OPEN_USD_2: SettlementBatchRecord = {
  ...OPEN_USD,
  batchId: 'BAT2',
  businessDay: '2026-05-05',
  closesAt: '2026-05-05T13:00:00.000Z',
  dueDay: '2026-05-07',
  paymentCount: 3,
  gross: 30_000,
  fees: 1_000,
  refundCount: 0,
  refunds: 0,
  net: 29_000,
};

export const OPEN_EUR: SettlementBatchRecord = {
  ...OPEN_USD,
  batchId: 'BAT3',
  currency: 'EUR',
  paymentCount: 1,
  gross: 5_000,
  fees: 200,
  refundCount: 0,
  refunds: 0,
  net: 4_800,
  settlementCycleDays: 1,
  dueDay: '2026-05-05',
};

export const CLOSED_USD: SettlementBatchRecord = {
  ...OPEN_USD,
  batchId: 'BAT7',
  status: 'CLOSED',
  closesAt: '2026-04-30T13:00:00.000Z',
  businessDay: '2026-04-30',
  dueDay: '2026-05-04',
  closedAt: '2026-04-30T13:00:02.000Z',
};

export const SETTLED_USD: SettlementBatchRecord = {
  ...CLOSED_USD,
  batchId: 'BAT8',
  status: 'SETTLED',
  businessDay: '2026-04-27',
  closesAt: '2026-04-27T13:00:00.000Z',
  closedAt: '2026-04-27T13:00:02.000Z',
  dueDay: '2026-04-29',
  settlementId: 'STL5',
  settledAt: '2026-04-29T01:00:00.000Z',
};
