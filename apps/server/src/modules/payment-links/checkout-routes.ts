import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { PAYMENT_LINK_PATHS } from '@mbo/contracts/payment-links';
import { checkoutPayRequest } from '@mbo/contracts/payment-links-schemas';
import type { PaymentStatus } from '@mbo/contracts/payments';
import { AppError } from '../../lib/app-error';
import { constraintViolation, reportConstraintViolation } from '../../lib/constraint-violation';
import { AmountOutsideLimitsError, NoPayinServiceError } from '../payin-services';
import {
  beingPaidPage,
  checkoutPage,
  inactivePage,
  methodUnavailablePage,
  notFoundPage,
  resultPage,
  type CheckoutField,
} from './checkout-pages';
import { page } from './checkout-layout';
import { effectiveStatus, planOf } from './link-record';
import {
  findLinkForCheckout,
  findLinkPayment,
  LinkBeingPaidError,
  payPaymentLink,
  pendingPaymentOf,
} from './pay-payment-link';

const FIELDS: readonly CheckoutField[] = ['email', 'name', 'cardNumber', 'expiry', 'cvc'];
// eslint-disable-next-line no-control-regex -- exactly what we refuse: NUL and other control characters
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- the same, to drop them from what is echoed back
const CONTROL_CHARS_G = /[\u0000-\u001f\u007f]/g;
const ID_PATTERN = /^[0-9A-Za-z]{1,64}$/;
const LABELS: Record<CheckoutField, string> = {
  email: 'Email',
  name: 'Name',
  cardNumber: 'Card number',
  expiry: 'Expiry',
  cvc: 'CVC',
};

/** MM/YY still valid this month or later. */
export function cardExpired(expiry: string, now: Date = new Date()): boolean {
  const [mm, yy] = expiry.split('/').map(Number);
  const year = 2000 + yy;
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && mm < now.getUTCMonth() + 1);
}

function html(reply: FastifyReply, status: number, body: string) {
  return (
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      // The page posts to itself: with no-referrer, browsers would send "Origin: null" and the
      // same-origin check would refuse the form.
      .header('Referrer-Policy', 'same-origin')
      .send(body)
  );
}

/**
 * The hosted checkout (outside /app/, no login): GET shows the link, POST pays it with a sandbox
 * card and redirects (303) to the result, so a reload never pays twice. Encapsulated: the form-body
 * parser and the HTML error pages apply to these routes only.
 */
export default async function checkoutRoutes(app: FastifyInstance) {
  // Only the fields the form has, first value of each; nothing else reaches the handler.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      const params = new URLSearchParams(String(body));
      const out: Partial<Record<CheckoutField, string>> = {};
      for (const name of FIELDS) {
        const value = params.get(name);
        if (value !== null) out[name] = value;
      }
      done(null, out);
    },
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A refused cross-site post (security plugin), a body that cannot be read, a write a database
    // constraint refused (lib/constraint-violation.ts: a 409, nothing was written), or our own failure.
    const violation = error instanceof AppError ? undefined : constraintViolation(error);
    if (violation) reportConstraintViolation(request.log, violation, app.config.sentryDsn);
    const status = violation
      ? 409
      : error instanceof AppError
        ? Math.max(error.status, 400)
        : error.statusCode && error.statusCode >= 400 && error.statusCode < 500
          ? error.statusCode
          : 500;
    if (status >= 500) request.log.error({ err: error }, 'checkout error');
    const text = violation
      ? 'This payment could not be made: nothing was taken. Open the payment link again and retry.'
      : status === 403
        ? 'This payment form must be sent from its own page. Open the payment link again.'
        : status < 500
          ? 'The request could not be read. Go back and try again.'
          : 'Something went wrong on our side. No money was taken; please try again.';
    return html(
      reply,
      status,
      page(
        'Checkout error',
        `<div class="card narrow"><section class="result" role="alert"><div class="icon muted" aria-hidden="true">!</div><h1>We could not process this request</h1><p>${text}</p></section></div>`,
      ),
    );
  });

  const route = `${PAYMENT_LINK_PATHS.checkout}/:linkId`;

  app.get(route, { config: { access: 'public' } }, async (request, reply) => {
    const { linkId } = request.params as { linkId: string };
    const found = ID_PATTERN.test(linkId) ? await findLinkForCheckout(app.db, linkId) : undefined;
    if (!found) return html(reply, 404, notFoundPage());
    const status = effectiveStatus(found.link);
    if (status !== 'ACTIVE' || !found.merchantActive) return html(reply, 410, inactivePage(found.merchantName, status));
    if (!found.link.reusable && (await pendingPaymentOf(app.db, found.link.id)))
      return html(reply, 409, beingPaidPage(found.merchantName));
    return html(reply, 200, checkoutPage(found.link, found.merchantName));
  });

  // Per address and per link (plugins/rate-limit.ts): every attempt writes a payment row (card testing).
  app.post(route, { config: { access: 'public', rateLimits: ['pay-ip', 'pay-link'] } }, async (request, reply) => {
    const { linkId } = request.params as { linkId: string };
    const found = ID_PATTERN.test(linkId) ? await findLinkForCheckout(app.db, linkId) : undefined;
    if (!found) return html(reply, 404, notFoundPage());
    const { link, merchantName } = found;
    if (effectiveStatus(link) !== 'ACTIVE' || !found.merchantActive)
      return html(reply, 410, inactivePage(merchantName, effectiveStatus(link)));

    const raw = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const echo = (value: unknown, max: number) =>
      typeof value === 'string' ? value.replace(CONTROL_CHARS_G, '').slice(0, max) : '';
    const values = { email: echo(raw.email, 254), name: echo(raw.name, 100), expiry: echo(raw.expiry, 5) };
    const parsed = checkoutPayRequest.safeParse(raw, { reportInput: true });
    const errors: Partial<Record<CheckoutField, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as CheckoutField;
        if (FIELDS.includes(key) && !errors[key])
          errors[key] =
            issue.input === undefined || issue.input === ''
              ? `${LABELS[key]} is required.`
              : `${LABELS[key]} ${issue.message.replace(/\.$/, '')}.`;
      }
      if (!Object.keys(errors).length) errors.email = 'Please fill in every field.';
    } else if (CONTROL_CHARS.test(parsed.data.name) || CONTROL_CHARS.test(parsed.data.email)) {
      errors[CONTROL_CHARS.test(parsed.data.name) ? 'name' : 'email'] = 'Please remove the control characters.';
    } else if (cardExpired(parsed.data.expiry)) {
      errors.expiry = 'Your card has expired.';
    }
    if (!parsed.success || Object.keys(errors).length)
      return html(reply, 422, checkoutPage(link, merchantName, { values, errors }));

    try {
      const result = await payPaymentLink(app.db, link.id, parsed.data, {
        jobs: app.jobs,
        delayMs: app.config.sandboxDisputeOpenDelayMs,
      });
      return reply.redirect(
        `${PAYMENT_LINK_PATHS.checkout}/${encodeURIComponent(link.id)}/payments/${encodeURIComponent(result.paymentId)}`,
        303,
      );
    } catch (err) {
      if (err instanceof LinkBeingPaidError) return html(reply, 409, beingPaidPage(merchantName));
      if (err instanceof NoPayinServiceError) {
        return html(
          reply,
          422,
          methodUnavailablePage(
            merchantName,
            `${merchantName} does not take ${err.query.payMethodName} payments in ${err.query.currency}.`,
          ),
        );
      }
      if (err instanceof AmountOutsideLimitsError)
        return html(reply, 422, methodUnavailablePage(merchantName, err.message));
      if (err instanceof AppError && err.code === ERROR_CODES.PAYMENT_LINK_INACTIVE) {
        const again = await findLinkForCheckout(app.db, link.id);
        return html(reply, 410, inactivePage(merchantName, again ? effectiveStatus(again.link) : 'DEACTIVATED'));
      }
      if (err instanceof AppError && err.code === ERROR_CODES.ORDER_NOT_FOUND) return html(reply, 404, notFoundPage());
      throw err;
    }
  });

  app.get(`${route}/payments/:paymentId`, { config: { access: 'public' } }, async (request, reply) => {
    const { linkId, paymentId } = request.params as { linkId: string; paymentId: string };
    if (!ID_PATTERN.test(linkId) || !ID_PATTERN.test(paymentId)) return html(reply, 404, notFoundPage());
    const [found, payment] = await Promise.all([
      findLinkForCheckout(app.db, linkId),
      findLinkPayment(app.db, linkId, paymentId),
    ]);
    if (!found || !payment) return html(reply, 404, notFoundPage());
    const status = payment.status as PaymentStatus;
    return html(
      reply,
      200,
      resultPage({
        linkId,
        merchantName: found.merchantName,
        paymentId: payment.id,
        status,
        amount: payment.amount,
        currency: payment.currency,
        failureReason: payment.failureReason,
        canRetry: status === 'FAILED' && effectiveStatus(found.link) === 'ACTIVE' && found.merchantActive,
        subscription:
          payment.agreementId && planOf(found.link)
            ? { agreementId: payment.agreementId, plan: planOf(found.link)! }
            : null,
      }),
    );
  });
}
