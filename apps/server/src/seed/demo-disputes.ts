import { recordText } from '@mbo/contracts/record-texts';
import { and, asc, desc, eq, isNull, lt } from 'drizzle-orm';
import type { DisputeStatus, DisputeType } from '@mbo/contracts/acquiring';
import type { DisputeReasonCode } from '@mbo/contracts/dispute-reasons';
import { DISPUTE_RESPONSE_DAYS, type EvidenceText } from '@mbo/contracts/disputes';
import type { Db } from '../db/client';
import { payments } from '../db/payments-schema';
import { settlementBatches } from '../db/settlements-schema';
import { moveDispute, openDispute, SANDBOX_REVIEWER } from '../modules/disputes';
import { priceCapture } from '../modules/payin-services';
import { recordPayment } from '../modules/payments';

const DAY = 24 * 60 * 60 * 1000;

/**
 * One demo dispute: kind, where it ended, reason, currency, and for EVIDENCE_REQUIRED the days
 * left until its due date (the others opened `ago` days ago and ran their course).
 */
interface DemoDispute {
  type: DisputeType;
  status: DisputeStatus;
  reason: DisputeReasonCode;
  currency: string;
  dueInDays?: number;
  ago?: number;
  /**
   * Take a payment of today's open batch: the hold is deducted from the batch (a dispute adjustment of its settlement).
   */
  openBatch?: boolean;
}

/** Demo Store: every status, some due within 3 days; its sub-merchants a few each. */
export const DEMO_DISPUTES: Record<string, DemoDispute[]> = {
  M1000001: [
    {
      type: 'CUSTOMER_DISPUTE',
      status: 'EVIDENCE_REQUIRED',
      reason: 'PRODUCT_NOT_RECEIVED',
      currency: 'EUR',
      dueInDays: 1,
    },
    {
      type: 'CUSTOMER_DISPUTE',
      status: 'EVIDENCE_REQUIRED',
      reason: 'NOT_AS_DESCRIBED',
      currency: 'EUR',
      dueInDays: 6,
    },
    {
      type: 'CUSTOMER_DISPUTE',
      status: 'EVIDENCE_REQUIRED',
      reason: 'DUPLICATE',
      currency: 'USD',
      dueInDays: 9,
      openBatch: true,
    },
    { type: 'CHARGEBACK', status: 'EVIDENCE_REQUIRED', reason: 'FRAUDULENT', currency: 'EUR', dueInDays: 2.5 },
    {
      type: 'CHARGEBACK',
      status: 'EVIDENCE_REQUIRED',
      reason: 'SUBSCRIPTION_CANCELLED',
      currency: 'GBP',
      dueInDays: 7,
    },
    { type: 'CHARGEBACK', status: 'UNDER_REVIEW', reason: 'FRAUDULENT', currency: 'EUR', ago: 6 },
    { type: 'CUSTOMER_DISPUTE', status: 'UNDER_REVIEW', reason: 'CREDIT_NOT_PROCESSED', currency: 'JPY', ago: 4 },
    { type: 'CUSTOMER_DISPUTE', status: 'WON', reason: 'NOT_AS_DESCRIBED', currency: 'EUR', ago: 30 },
    { type: 'CHARGEBACK', status: 'LOST', reason: 'CREDIT_NOT_PROCESSED', currency: 'USD', ago: 40 },
    { type: 'CHARGEBACK', status: 'ACCEPTED', reason: 'UNRECOGNIZED', currency: 'GBP', ago: 25 },
    { type: 'CHARGEBACK', status: 'EXPIRED', reason: 'PRODUCT_NOT_RECEIVED', currency: 'USD', ago: 35 },
  ],
  M1000002: [
    {
      type: 'CUSTOMER_DISPUTE',
      status: 'EVIDENCE_REQUIRED',
      reason: 'PRODUCT_NOT_RECEIVED',
      currency: 'EUR',
      dueInDays: 5,
    },
    { type: 'CHARGEBACK', status: 'ACCEPTED', reason: 'FRAUDULENT', currency: 'EUR', ago: 20 },
  ],
  M1000003: [
    { type: 'CHARGEBACK', status: 'WON', reason: 'FRAUDULENT', currency: 'JPY', ago: 28 },
    { type: 'CUSTOMER_DISPUTE', status: 'LOST', reason: 'GENERAL', currency: 'SGD', ago: 33 },
  ],
};

const EVIDENCE: EvidenceText = {
  explanation:
    'The order was shipped the day it was paid and delivered to the billing address; the customer confirmed receipt by email.',
  shippingTracking: 'DHL Express 1234 5678 90',
  customerCommunication: 'Customer wrote on delivery day: "Got it, thanks!"',
};

/**
 * The demo's disputes, opened and moved through the dispute module itself (holds, outcomes and
 * timelines as in real use, in the past), on real successful payments of each merchant.
 */
export async function seedDemoDisputes(db: Db, merchantId: string, now = new Date()): Promise<number> {
  let made = 0;
  for (const [n, d] of (DEMO_DISPUTES[merchantId] ?? []).entries()) {
    const response = DISPUTE_RESPONSE_DAYS[d.type] * DAY;
    const openedAt =
      d.dueInDays !== undefined
        ? new Date(now.getTime() + d.dueInDays * DAY - response)
        : new Date(now.getTime() - (d.ago ?? 30) * DAY);
    const paymentId = d.openBatch
      ? await pickOpenBatchPayment(db, merchantId, d.currency, now)
      : await pickPayment(db, merchantId, d.currency, openedAt, n);
    if (!paymentId) continue;
    const at = d.openBatch ? now : openedAt;
    const id = await openDispute(db, {
      merchantId,
      paymentId,
      type: d.type,
      reason: d.reason,
      at,
      dueAt: new Date(openedAt.getTime() + response),
      actor: recordText('actorCardNetwork'),
    });
    made++;
    const later = (days: number) => new Date(openedAt.getTime() + days * DAY);
    const submit = () =>
      moveDispute(db, id, {
        to: 'UNDER_REVIEW',
        from: ['EVIDENCE_REQUIRED'],
        actor: 'owner@demo.test',
        at: later(2),
        evidence: d.status === 'WON' ? { ...EVIDENCE, explanation: `${EVIDENCE.explanation} sandbox:win` } : EVIDENCE,
      });
    switch (d.status) {
      case 'UNDER_REVIEW':
        await submit();
        break;
      case 'WON':
      case 'LOST':
        await submit();
        await moveDispute(db, id, { to: d.status, from: ['UNDER_REVIEW'], actor: SANDBOX_REVIEWER, at: later(9) });
        break;
      case 'ACCEPTED':
        await moveDispute(db, id, {
          to: 'ACCEPTED',
          from: ['EVIDENCE_REQUIRED'],
          actor: 'owner@demo.test',
          at: later(1),
        });
        break;
      case 'EXPIRED':
        await moveDispute(db, id, {
          to: 'EXPIRED',
          from: ['EVIDENCE_REQUIRED'],
          actor: recordText('actorDueDateJob'),
          at: new Date(openedAt.getTime() + response),
        });
        break;
      default:
        break;
    }
  }
  return made;
}

/** A successful, unrefunded, undisputed payment made a few days before the dispute opened. */
async function pickPayment(
  db: Db,
  merchantId: string,
  currency: string,
  openedAt: Date,
  n: number,
): Promise<string | null> {
  const p = payments;
  const rows = await db
    .select({ id: p.id })
    .from(p)
    .where(
      and(
        eq(p.merchantId, merchantId),
        eq(p.currency, currency),
        eq(p.status, 'SUCCESS'),
        eq(p.refundStatus, 'NONE'),
        isNull(p.disputeStatus),
        lt(p.createdAt, new Date(openedAt.getTime() - 3 * DAY)),
      ),
    )
    .orderBy(desc(p.createdAt))
    .limit(1)
    .offset(n % 5);
  return rows[0]?.id ?? null;
}

/**
 * A successful, undisputed payment of today's open batch, the smallest (the batch's net covers its
 * hold). Just after a cut-off (18:00 in Amsterdam for Demo Store) the new batch may hold no capture
 * in the currency yet: then the day's first orders are captured now, through the capture path
 * (recordPayment: their batch, the ledger), so the demo has this dispute at any time of day.
 */
export async function pickOpenBatchPayment(db: Db, merchantId: string, currency: string, now: Date): Promise<string> {
  const p = payments;
  const b = settlementBatches;
  const smallest = async () =>
    (
      await db
        .select({ id: p.id })
        .from(p)
        .innerJoin(b, and(eq(b.id, p.batchId), eq(b.status, 'OPEN')))
        .where(
          and(
            eq(p.merchantId, merchantId),
            eq(p.currency, currency),
            eq(p.status, 'SUCCESS'),
            eq(p.refundStatus, 'NONE'),
            isNull(p.disputeStatus),
          ),
        )
        .orderBy(asc(p.amount))
        .limit(1)
    )[0]?.id;
  const found = await smallest();
  if (found) return found;
  await db.transaction(async (tx) => {
    for (const [i, order] of FIRST_ORDERS.entries()) {
      const pricing = await priceCapture(tx, merchantId, { payMethodName: 'VISA', currency, amount: order.amount });
      await recordPayment(
        tx,
        {
          ...order,
          merchantId,
          currency,
          status: 'SUCCESS',
          createdAt: new Date(now.getTime() - (FIRST_ORDERS.length - i) * 60_000),
          payMethodType: 'CARD',
          payMethodName: 'VISA',
          country: 'US',
          cardBin: '411111',
          cardLast4: '1111',
        },
        pricing,
      );
    }
  });
  return (await smallest())!;
}

/** The day's first orders, when the open batch has none yet (amounts in minor units of a 2-decimal currency). */
const FIRST_ORDERS = [
  {
    amount: 4_900,
    customerEmail: 'jamie.doe@example.test',
    customerName: 'Jamie Doe',
    description: 'Wireless earbuds',
  },
  { amount: 12_500, customerEmail: 'sam.lee@example.test', customerName: 'Sam Lee', description: 'Running shoes' },
  { amount: 23_900, customerEmail: 'alex.kim@example.test', customerName: 'Alex Kim', description: 'Espresso machine' },
];
