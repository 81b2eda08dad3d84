import { recordText } from '@mbo/contracts/record-texts';
import { and, eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { TEST_CARDS, cardBrand } from '@mbo/contracts/payment-links';
import type { PaymentStatus } from '@mbo/contracts/payments';
import type { Db, DbOrTx } from '../../db/client';
import { paymentLinks, payments } from '../../db/payments-schema';
import { merchants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { priceCapture } from '../payin-services';
import { recordPayment } from '../payments';
import { sandboxOpenDisputeJob } from '../disputes';
import type { JobQueue } from '../../jobs/job-queue';
import { newAgreementId, startAgreement } from '../subscriptions';
import { effectiveStatus, planOf, type PaymentLinkRow } from './link-record';

/** @reads merchants, payments (tables other modules own: db/table-owners.ts) */

/** Where the customer's country is unknown (the merchant has none on file), the sandbox's home. */
export const DEFAULT_COUNTRY = 'NL';
export const DECLINED_REASON = recordText('cardDeclinedSandbox');
export const UNKNOWN_CARD_REASON = recordText('unknownTestCard');
export const INACTIVE_MESSAGE = 'This payment link is no longer active.';
export const BEING_PAID_MESSAGE = 'This payment link is being paid.';

/**
 * A single-use link held by a PENDING payment: nobody else may pay it until that payment succeeds
 * (the link becomes PAID) or fails (it reopens). Same code as an inactive link (003001B041), its own message.
 */
export class LinkBeingPaidError extends AppError {
  constructor() {
    super(ERROR_CODES.PAYMENT_LINK_INACTIVE, {
      msg: BEING_PAID_MESSAGE,
      data: { status: 'ACTIVE', reason: 'PAYMENT_IN_PROGRESS' },
    });
  }
}

export interface CheckoutCard {
  email: string;
  name: string;
  /** Digits only. Used to pick the sandbox outcome and kept as BIN + last 4; never stored or logged whole. */
  cardNumber: string;
}

export interface CheckoutResult {
  paymentId: string;
  status: PaymentStatus;
  failureReason: string | null;
  /** A subscription link's agreement, started by this payment's success. */
  agreementId?: string | null;
}

/** The sandbox processor's answer for a card: the documented test cards, anything else declined. */
export function sandboxCardOutcome(cardNumber: string): {
  status: PaymentStatus;
  failureReason: string | null;
  disputedLater?: true;
} {
  switch (cardNumber) {
    case TEST_CARDS.SUCCESS:
    case TEST_CARDS.RENEWAL_DECLINED:
      return { status: 'SUCCESS', failureReason: null };
    case TEST_CARDS.DISPUTED:
      return { status: 'SUCCESS', failureReason: null, disputedLater: true };
    case TEST_CARDS.PENDING:
      return { status: 'PENDING', failureReason: null };
    case TEST_CARDS.DECLINED:
      return { status: 'FAILED', failureReason: DECLINED_REASON };
    default:
      return { status: 'FAILED', failureReason: UNKNOWN_CARD_REASON };
  }
}

export const SUBSCRIPTION_PENDING_REASON = recordText('subscriptionPendingCard');

/**
 * The sandbox's answer for the first charge of a subscription: as for a one-off payment, except that
 * nothing waits for the processor (the pending test card is refused: an agreement starts paid or not
 * at all). The renewal-declined card pays the first charge; the charge job declines its renewals.
 */
export function subscriptionCardOutcome(cardNumber: string): ReturnType<typeof sandboxCardOutcome> {
  const outcome = sandboxCardOutcome(cardNumber);
  return outcome.status === 'PENDING' ? { status: 'FAILED', failureReason: SUBSCRIPTION_PENDING_REASON } : outcome;
}

/**
 * The app's job queue, for the jobs a checkout payment sends in its transaction (its webhook events;
 * for the dispute test card, the sandbox's customer who disputes it `delayMs` after).
 */
export interface CheckoutQueue {
  jobs: JobQueue;
  delayMs: number;
}

export interface LinkWithMerchant {
  link: PaymentLinkRow;
  merchantName: string;
  /** The merchant is active and takes card payments (a DIRECT_PAYMENT merchant). */
  merchantActive: boolean;
}

/** Only an active direct-payment merchant takes card payments (a payout merchant has no acquiring agreement). */
const takesPayments = (status: string, signProduct: string) => status === 'ACTIVE' && signProduct === 'DIRECT_PAYMENT';

/** A link and its merchant, for the hosted page (no tenant: the link id itself is the secret). */
export async function findLinkForCheckout(db: DbOrTx, linkId: string): Promise<LinkWithMerchant | undefined> {
  const [row] = await db
    .select({
      link: paymentLinks,
      merchantName: merchants.name,
      merchantStatus: merchants.status,
      signProduct: merchants.signProduct,
    })
    .from(paymentLinks)
    .innerJoin(merchants, eq(merchants.id, paymentLinks.merchantId))
    .where(eq(paymentLinks.id, linkId))
    .limit(1);
  return row
    ? {
        link: row.link,
        merchantName: row.merchantName,
        merchantActive: takesPayments(row.merchantStatus, row.signProduct),
      }
    : undefined;
}

/** The payment a link produced, for the result page; undefined when it is not this link's. */
export async function findLinkPayment(db: DbOrTx, linkId: string, paymentId: string) {
  const [row] = await db
    .select({
      id: payments.id,
      status: payments.status,
      amount: payments.amount,
      currency: payments.currency,
      failureReason: payments.failureReason,
      paymentLinkId: payments.paymentLinkId,
      agreementId: payments.agreementId,
    })
    .from(payments)
    .where(eq(payments.id, paymentId))
    .limit(1);
  return row && row.paymentLinkId === linkId ? row : undefined;
}

/** The PENDING payment holding a single-use link, if any (payments_link_idx). */
export async function pendingPaymentOf(db: DbOrTx, linkId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.paymentLinkId, linkId), eq(payments.status, 'PENDING')))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Pays a link with a sandbox card, in one transaction with the link row locked (FOR UPDATE): two
 * parallel payments of a single-use link are serialized, and the second one sees what the first
 * left. The merchant's pay-in service for the card brand and currency prices it (refused, nothing
 * written, when there is none or the amount is outside its limits: NoPayinServiceError,
 * AmountOutsideLimitsError). A success is captured in the ledger and counts on the link (a
 * single-use link becomes PAID); a declined payment leaves the link open; a pending one holds a single-use link
 * (LinkBeingPaidError for the next payer) until completeLinkPayment gives its outcome. A reusable
 * link is never held. With the app's queue (`queue`), the payment's webhook event (payment.succeeded
 * or payment.failed) and a subscription's (subscription.created) are emitted in the same transaction.
 */
export async function payPaymentLink(
  db: Db,
  linkId: string,
  card: CheckoutCard,
  queue?: CheckoutQueue,
): Promise<CheckoutResult> {
  return db.transaction(async (tx) => {
    const [link] = await tx.select().from(paymentLinks).where(eq(paymentLinks.id, linkId)).for('update');
    if (!link) throw new AppError(ERROR_CODES.ORDER_NOT_FOUND);
    const [merchant] = await tx
      .select({ status: merchants.status, signProduct: merchants.signProduct })
      .from(merchants)
      .where(eq(merchants.id, link.merchantId));
    if (effectiveStatus(link) !== 'ACTIVE' || !merchant || !takesPayments(merchant.status, merchant.signProduct)) {
      throw new AppError(ERROR_CODES.PAYMENT_LINK_INACTIVE, { msg: INACTIVE_MESSAGE });
    }
    if (!link.reusable && (await pendingPaymentOf(tx, link.id))) throw new LinkBeingPaidError();
    // The merchant's pay-in service for the card's brand and the link's currency prices the payment;
    // without one (or outside its limits) the payment is refused and nothing is written.
    const payMethodName = cardBrand(card.cardNumber);
    const pricing = await priceCapture(tx, link.merchantId, {
      payMethodName,
      currency: link.currency,
      amount: link.amount,
    });
    const plan = planOf(link);
    const outcome = plan ? subscriptionCardOutcome(card.cardNumber) : sandboxCardOutcome(card.cardNumber);
    const now = new Date();
    const agreementId = plan && outcome.status === 'SUCCESS' ? newAgreementId(now) : null;
    const { id: paymentId } = await recordPayment(
      tx,
      {
        merchantId: link.merchantId,
        amount: link.amount,
        currency: link.currency,
        status: outcome.status,
        payMethodType: 'CARD',
        payMethodName,
        country: DEFAULT_COUNTRY,
        customerEmail: card.email,
        customerName: card.name,
        cardBin: card.cardNumber.slice(0, 6),
        cardLast4: card.cardNumber.slice(-4),
        description: link.description,
        failureReason: outcome.failureReason,
        paymentLinkId: link.id,
        ...(agreementId ? { agreement: { id: agreementId, cycle: 1, attempt: 0 } } : {}),
        createdAt: now,
      },
      pricing,
      queue?.jobs,
    );
    if (plan && agreementId) {
      await startAgreement(
        tx,
        agreementId,
        {
          merchantId: link.merchantId,
          paymentLinkId: link.id,
          plan,
          amount: link.amount,
          currency: link.currency,
          customerName: card.name,
          customerEmail: card.email,
          payMethodType: 'CARD',
          payMethodName,
          cardBin: card.cardNumber.slice(0, 6),
          cardLast4: card.cardNumber.slice(-4),
          country: DEFAULT_COUNTRY,
          startAt: now,
        },
        paymentId,
        queue?.jobs,
      );
    }
    if (outcome.disputedLater && queue) {
      await queue.jobs.send(
        sandboxOpenDisputeJob,
        { merchantId: link.merchantId, paymentId },
        { tx, startAfterSeconds: queue.delayMs / 1000 },
      );
    }
    if (outcome.status === 'SUCCESS') {
      await tx
        .update(paymentLinks)
        .set({ paidCount: sql`${paymentLinks.paidCount} + 1`, status: link.reusable ? link.status : 'PAID' })
        .where(eq(paymentLinks.id, link.id));
    }
    return { paymentId, status: outcome.status, failureReason: outcome.failureReason, agreementId };
  });
}
