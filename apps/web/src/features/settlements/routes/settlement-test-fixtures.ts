/** Records of the settlement pages' tests, shaped as the contract's answers. */
import type { SettlementBatchRecord, SettlementDetail, SettlementRecord } from '@mbo/contracts/settlements';

export const PAID: SettlementRecord = {
  settlementId: 'STL100',
  currency: 'USD',
  settlementDay: '2026-11-23',
  status: 'PAID',
  batchCount: 2,
  paymentCount: 14,
  refundCount: 1,
  gross: 125_000,
  refunds: 12_000,
  fees: 3_650,
  disputes: 2_500,
  reserve: 0,
  net: 106_850,
  bankAccount: 'DBS ****1234',
  bankReference: 'BR-77120',
  createdAt: '2026-11-23T01:00:00.000Z',
  paidAt: '2026-11-23T02:30:00.000Z',
};

export const PENDING: SettlementRecord = {
  ...PAID,
  settlementId: 'STL200',
  currency: 'JPY',
  settlementDay: '2026-11-24',
  status: 'PENDING',
  batchCount: 1,
  paymentCount: 3,
  refundCount: 0,
  gross: 30_000,
  refunds: 0,
  fees: 900,
  disputes: 0,
  net: 29_100,
  bankAccount: null,
  bankReference: null,
  paidAt: null,
};

export const BATCH: SettlementBatchRecord = {
  batchId: 'BAT1',
  currency: 'USD',
  status: 'SETTLED',
  businessDay: '2026-11-19',
  closesAt: '2026-11-19T10:00:00.000Z',
  dueDay: '2026-11-23',
  settlementCycleDays: 2,
  settlementCountry: 'SG',
  timeZone: 'Asia/Singapore',
  cutoffTime: '18:00',
  paymentCount: 9,
  gross: 80_000,
  fees: 2_300,
  refundCount: 1,
  refunds: 12_000,
  disputeCount: 0,
  disputes: 0,
  net: 65_700,
  settlementId: 'STL100',
  createdAt: '2026-11-18T10:00:00.000Z',
  closedAt: '2026-11-19T10:00:05.000Z',
  settledAt: '2026-11-23T02:30:00.000Z',
};

export const DETAIL: SettlementDetail = {
  ...PAID,
  batches: [BATCH, { ...BATCH, batchId: 'BAT2', closesAt: '2026-11-20T10:00:00.000Z', paymentCount: 5, gross: 45_000, fees: 1_350, refunds: 0, refundCount: 0, net: 43_650 }],
  ledgerTransactionId: 'LTX9',
};
