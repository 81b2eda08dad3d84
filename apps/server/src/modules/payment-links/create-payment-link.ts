import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { currencyExponent, toMinor } from '@mbo/contracts/money';
import type { CreatePaymentLinkRequest, PaymentLinkRecord } from '@mbo/contracts/payment-links';
import type { Db } from '../../db/client';
import { paymentLinks } from '../../db/payments-schema';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { newId } from '../../lib/ids';
import type { AuthContext } from '../../plugins/session-store';
import { toRecord } from './link-record';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The largest amount a link may ask for, in minor units (a sanity cap, far above any real order). */
export const MAX_LINK_AMOUNT = 1_000_000_000_000;

function invalidAmount(message: string): AppError {
  return new AppError(ERROR_CODES.INVALID_REQUEST, { msg: `Invalid request: amount ${message}.`, data: { fields: [{ field: 'amount', message }] } });
}

/** The amount in minor units, or the error a merchant understands (JPY "1.5" → "No decimals."). */
export function linkAmountToMinor(amount: string, currency: string): number {
  const exponent = currencyExponent(currency);
  const fraction = (amount.split('.')[1] ?? '').replace(/0+$/, '');
  if (exponent === 0 && fraction.length > 0) throw new AppError(ERROR_CODES.NO_DECIMALS);
  if (fraction.length > exponent) throw invalidAmount(`must have at most ${exponent} decimals in ${currency}`);
  const minor = toMinor(amount, currency);
  if (minor === null || minor > MAX_LINK_AMOUNT) throw invalidAmount('is too large');
  if (minor <= 0) throw invalidAmount('must be greater than 0');
  return minor;
}

/** Creates an ACTIVE link with an unguessable id; audited. */
export async function createPaymentLink(
  db: Db,
  auth: AuthContext,
  input: CreatePaymentLinkRequest,
  ctx: { publicUrl: string; ip: string },
): Promise<PaymentLinkRecord> {
  const amount = linkAmountToMinor(input.amount, input.currency);
  return db.transaction(async (tx) => {
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
      targetType: 'payment_link',
      targetId: row.id,
      detail: { amount, currency: input.currency, reusable: input.reusable, expiresInDays: input.expiresInDays },
    });
    return toRecord(row, ctx.publicUrl, now);
  });
}
