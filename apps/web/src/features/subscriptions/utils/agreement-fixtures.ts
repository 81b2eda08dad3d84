/** Agreements as the server answers them, for the feature's tests. */
import type { AgreementDetail } from '@mbo/contracts/subscriptions';

export const ACTIVE_AGREEMENT: AgreementDetail = {
  agreementId: 'AGR1001',
  merchantId: 'M100001',
  customerName: 'Kim Lee',
  customerEmail: 'kim@example.com',
  payMethodType: 'CARD',
  payMethodName: 'VISA',
  cardBin: '424242',
  cardLast4: '4242',
  country: 'SG',
  amount: 2_900,
  currency: 'EUR',
  interval: 'MONTH',
  intervalCount: 1,
  cycles: 12,
  cyclesCharged: 3,
  status: 'ACTIVE',
  startAt: '2026-02-01T02:00:00.000Z',
  periodStart: '2026-04-01T02:00:00.000Z',
  periodEnd: '2026-05-01T02:00:00.000Z',
  nextChargeAt: '2026-05-01T02:00:00.000Z',
  endAt: '2027-01-01T02:00:00.000Z',
  cancelAtPeriodEnd: false,
  failedAttempts: 0,
  cancelledAt: null,
  endReason: null,
  paymentLinkId: 'PL01SUBS',
  totalCollected: 8_700,
  createdAt: '2026-02-01T02:00:00.000Z',
  charges: [
    { paymentId: 'PAY001', cycle: 1, attempt: 0, amount: 2_900, currency: 'EUR', status: 'SUCCESS', failureReason: null, createdAt: '2026-02-01T02:00:00.000Z' },
    { paymentId: 'PAY002', cycle: 2, attempt: 0, amount: 2_900, currency: 'EUR', status: 'SUCCESS', failureReason: null, createdAt: '2026-03-01T02:00:00.000Z' },
    { paymentId: 'PAY003', cycle: 3, attempt: 0, amount: 2_900, currency: 'EUR', status: 'FAILED', failureReason: 'Insufficient funds', createdAt: '2026-04-01T02:00:00.000Z' },
    { paymentId: 'PAY004', cycle: 3, attempt: 1, amount: 2_900, currency: 'EUR', status: 'SUCCESS', failureReason: null, createdAt: '2026-04-02T02:00:00.000Z' },
  ],
  events: [
    { type: 'CREATED', status: 'ACTIVE', note: 'Paid through payment link PL01SUBS', actor: null, createdAt: '2026-02-01T02:00:00.000Z' },
    { type: 'CHARGE_FAILED', status: 'PAST_DUE', note: 'Insufficient funds', actor: 'Sandbox processor', createdAt: '2026-04-01T02:00:00.000Z' },
    { type: 'RECOVERED', status: 'ACTIVE', note: null, actor: null, createdAt: '2026-04-02T02:00:00.000Z' },
  ],
};

/** The renewal of cycle 4 declined on its due date and at its first retry. */
export const PAST_DUE_AGREEMENT: AgreementDetail = {
  ...ACTIVE_AGREEMENT,
  status: 'PAST_DUE',
  failedAttempts: 2,
  nextChargeAt: '2026-05-04T02:00:00.000Z',
  charges: [
    ...ACTIVE_AGREEMENT.charges,
    { paymentId: 'PAY005', cycle: 4, attempt: 0, amount: 2_900, currency: 'EUR', status: 'FAILED', failureReason: 'Card declined', createdAt: '2026-05-01T02:00:05.000Z' },
    { paymentId: 'PAY006', cycle: 4, attempt: 1, amount: 2_900, currency: 'EUR', status: 'FAILED', failureReason: 'Card declined', createdAt: '2026-05-02T02:00:05.000Z' },
  ],
};
