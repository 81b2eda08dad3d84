import { eq } from 'drizzle-orm';
import type { PaymentStatus } from '@mbo/contracts/payments';
import type { Db, DbOrTx } from '../db/client';
import { paymentLinks } from '../db/payments-schema';
import { users } from '../db/schema';
import { newId } from '../lib/ids';
import { DECLINED_REASON, DEFAULT_COUNTRY } from '../modules/payment-links';
import { priceCapture } from '../modules/payin-services';
import { recordPayment } from '../modules/payments';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type StoredStatus = 'ACTIVE' | 'PAID' | 'DEACTIVATED';

/** One payment on a demo link: when (hours before now), its outcome, and who paid. */
interface DemoLinkPayment {
  hoursAgo: number;
  status: PaymentStatus;
  customer: number;
}

export interface DemoLink {
  description: string;
  amount: number;
  currency: string;
  reusable: boolean;
  /** The stored status; an ACTIVE link past its expiry is shown as EXPIRED. */
  status: StoredStatus;
  createdDaysAgo: number;
  /** Expiry relative to now, in days (negative: already expired). */
  expiresInDays: number;
  deactivatedDaysAgo?: number;
  payments: DemoLinkPayment[];
}

const CUSTOMERS = [
  { name: 'Anna de Vries', email: 'anna.devries@example.com', card: { brand: 'VISA', bin: '424242', last4: '4242' } },
  {
    name: 'Lukas Becker',
    email: 'lukas.becker@example.com',
    card: { brand: 'MASTERCARD', bin: '555555', last4: '4444' },
  },
  { name: 'Sofia Rossi', email: 'sofia.rossi@example.com', card: { brand: 'VISA', bin: '400000', last4: '0002' } },
  { name: 'James Carter', email: 'james.carter@example.com', card: { brand: 'VISA', bin: '424242', last4: '4242' } },
  { name: 'Yuki Tanaka', email: 'yuki.tanaka@example.com', card: { brand: 'JCB', bin: '353011', last4: '0000' } },
  { name: 'Emma Laurent', email: 'emma.laurent@example.com', card: { brand: 'VISA', bin: '400000', last4: '0259' } },
  {
    name: 'Marta Kowalska',
    email: 'marta.kowalska@example.com',
    card: { brand: 'MASTERCARD', bin: '522222', last4: '1881' },
  },
] as const;

/**
 * The demo links of Demo Store: one in every state a merchant meets. The same links, amounts,
 * payments and relative dates at every seed (ids are random, like every id of the demo data).
 */
export const DEMO_LINKS: readonly DemoLink[] = [
  // Active, single-use, not paid yet.
  {
    description: 'Gift card, spring collection',
    amount: 4900,
    currency: 'EUR',
    reusable: false,
    status: 'ACTIVE',
    createdDaysAgo: 1,
    expiresInDays: 13,
    payments: [],
  },
  // Active, reusable, paid by several customers (one card declined).
  {
    description: 'Yoga class drop-in',
    amount: 1500,
    currency: 'EUR',
    reusable: true,
    status: 'ACTIVE',
    createdDaysAgo: 12,
    expiresInDays: 18,
    payments: [
      { hoursAgo: 260, status: 'SUCCESS', customer: 0 },
      { hoursAgo: 190, status: 'SUCCESS', customer: 1 },
      { hoursAgo: 120, status: 'FAILED', customer: 2 },
      { hoursAgo: 118, status: 'SUCCESS', customer: 3 },
      // Not the JCB card: the demo merchant takes JCB in JPY and SGD only (its pay-in services).
      { hoursAgo: 30, status: 'SUCCESS', customer: 6 },
    ],
  },
  // Paid: single-use, a declined card first, then the payment that used it.
  {
    description: 'Invoice INV-2026-0142',
    amount: 12000,
    currency: 'GBP',
    reusable: false,
    status: 'PAID',
    createdDaysAgo: 6,
    expiresInDays: 24,
    payments: [
      { hoursAgo: 125, status: 'FAILED', customer: 2 },
      { hoursAgo: 124, status: 'SUCCESS', customer: 3 },
    ],
  },
  // Active, single-use, held by a pending payment: nobody else can pay it until that one ends.
  {
    description: 'Custom bike fitting',
    amount: 25000,
    currency: 'EUR',
    reusable: false,
    status: 'ACTIVE',
    createdDaysAgo: 0.25,
    expiresInDays: 7,
    payments: [{ hoursAgo: 1, status: 'PENDING', customer: 5 }],
  },
  // Expired without being paid (one declined attempt).
  {
    description: 'Workshop seat, March edition',
    amount: 7500,
    currency: 'USD',
    reusable: false,
    status: 'ACTIVE',
    createdDaysAgo: 40,
    expiresInDays: -10,
    payments: [{ hoursAgo: 35 * 24, status: 'FAILED', customer: 2 }],
  },
  // Deactivated by the merchant after two payments.
  {
    description: 'Tokyo pop-up ticket',
    amount: 3000,
    currency: 'JPY',
    reusable: true,
    status: 'DEACTIVATED',
    createdDaysAgo: 20,
    expiresInDays: 10,
    deactivatedDaysAgo: 8,
    payments: [
      { hoursAgo: 18 * 24, status: 'SUCCESS', customer: 4 },
      { hoursAgo: 15 * 24, status: 'SUCCESS', customer: 0 },
    ],
  },
];

/** Writes one demo link with its payments (captured into their clearing batches; the settlement cycle settles them). */
async function writeLink(
  tx: DbOrTx,
  merchantId: string,
  createdBy: string | null,
  link: DemoLink,
  now: number,
): Promise<void> {
  const createdAt = new Date(now - link.createdDaysAgo * DAY);
  const id = newId('PL', createdAt.getTime());
  await tx.insert(paymentLinks).values({
    id,
    merchantId,
    amount: link.amount,
    currency: link.currency,
    description: link.description,
    reusable: link.reusable,
    status: link.status,
    expiresAt: new Date(now + link.expiresInDays * DAY),
    paidCount: link.payments.filter((p) => p.status === 'SUCCESS').length,
    createdBy,
    createdAt,
    deactivatedAt: link.deactivatedDaysAgo === undefined ? null : new Date(now - link.deactivatedDaysAgo * DAY),
  });
  for (const p of link.payments) {
    const customer = CUSTOMERS[p.customer];
    const at = new Date(now - p.hoursAgo * HOUR);
    // Priced as the hosted checkout prices it: the merchant's service for the card brand and currency.
    const pricing = await priceCapture(tx, merchantId, {
      payMethodName: customer.card.brand,
      currency: link.currency,
      amount: link.amount,
    });
    await recordPayment(
      tx,
      {
        merchantId,
        amount: link.amount,
        currency: link.currency,
        status: p.status,
        payMethodType: 'CARD',
        payMethodName: customer.card.brand,
        country: DEFAULT_COUNTRY,
        customerEmail: customer.email,
        customerName: customer.name,
        cardBin: customer.card.bin,
        cardLast4: customer.card.last4,
        description: link.description,
        failureReason: p.status === 'FAILED' ? DECLINED_REASON : null,
        paymentLinkId: id,
        createdAt: at,
      },
      pricing,
    );
  }
}

/** Creates the demo links (DEMO_LINKS) of a merchant, in one transaction. */
export async function seedDemoPaymentLinks(
  db: Db,
  merchantId: string,
  ownerEmail: string,
  now: Date = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, ownerEmail)).limit(1);
    for (const link of DEMO_LINKS) await writeLink(tx, merchantId, owner?.id ?? null, link, now.getTime());
    return DEMO_LINKS.length;
  });
}
