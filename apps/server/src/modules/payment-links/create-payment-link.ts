import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { parseAmount, type Minor } from '@mbo/contracts/money';
import {
  PAYMENT_LINK_MAX_AMOUNT_MINOR,
  type CreatePaymentLinkRequest,
  type PaymentLinkRecord,
} from '@mbo/contracts/payment-links';
import type { Db } from '../../db/client';
import { paymentLinks } from '../../db/payments-schema';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit';
import { newId } from '../../lib/ids';
import type { AuthContext } from '../../plugins/session-store';
import { assertCardServiceFor } from '../payin-services';
import { toRecord } from './link-record';

const DAY_MS = 24 * 60 * 60 * 1000;

function invalidAmount(message: string): AppError {
  return new AppError(ERROR_CODES.INVALID_REQUEST, {
    msg: `Invalid request: amount ${message}.`,
    data: { fields: [{ field: 'amount', message }] },
  });
}

/** The amount in minor units, or the error a merchant understands (JPY "1.5" → "No decimals."). */
export function linkAmountToMinor(amount: string, currency: string): Minor {
  const parsed = parseAmount(amount, currency, { min: 1, max: PAYMENT_LINK_MAX_AMOUNT_MINOR });
  if (parsed.ok) return parsed.minor;
  switch (parsed.error) {
    case 'TOO_MANY_DECIMALS':
      if (parsed.exponent === 0) throw new AppError(ERROR_CODES.NO_DECIMALS);
      throw invalidAmount(`must have at most ${parsed.exponent} decimals in ${currency}`);
    case 'OUT_OF_RANGE':
      throw invalidAmount(parsed.bound === 'MIN' ? 'must be greater than 0' : 'is too large');
    default:
      throw invalidAmount('must be a positive decimal amount like 25.00');
  }
}

/** Who creates a link: a signed-in user (their AuthContext), or an API key (userId and email null, its id audited). */
export type PaymentLinkActor = Pick<AuthContext, 'merchantId'> & {
  userId: string | null;
  email: string | null;
  apiKeyId?: string;
};

/** Creates an ACTIVE link with an unguessable id; audited. */
export async function createPaymentLink(
  db: Db,
  auth: PaymentLinkActor,
  input: CreatePaymentLinkRequest,
  ctx: { publicUrl: string; ip: string },
): Promise<PaymentLinkRecord> {
  const amount = linkAmountToMinor(input.amount, input.currency);
  return db.transaction(async (tx) => {
    await assertCardServiceFor(tx, auth.merchantId, input.currency, amount);
    const now = new Date();
    const [row] = await tx
      .insert(paymentLinks)
      .values({
        id: newId('PL', now.getTime()),
        merchantId: auth.merchantId,
        amount,
        currency: input.currency,
        description: input.description,
        reusable: input.reusable,
        planInterval: input.subscription?.interval ?? null,
        planIntervalCount: input.subscription?.intervalCount ?? null,
        planCycles: input.subscription?.cycles ?? null,
        status: 'ACTIVE',
        expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
        createdBy: auth.userId,
        createdAt: now,
      })
      .returning();
    await audit(tx, {
      action: 'PAYMENT_LINK_CREATED',
      outcome: 'SUCCESS',
      actorUserId: auth.userId,
      actorEmail: auth.email,
      merchantId: auth.merchantId,
      ip: ctx.ip,
      targetType: 'PAYMENT_LINK',
      targetId: row.id,
      detail: {
        amount,
        currency: input.currency,
        reusable: input.reusable,
        expiresInDays: input.expiresInDays,
        ...(auth.apiKeyId ? { apiKeyId: auth.apiKeyId } : {}),
      },
    });
    return toRecord(row, ctx.publicUrl, now);
  });
}
