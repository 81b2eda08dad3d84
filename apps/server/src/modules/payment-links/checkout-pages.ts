import { formatMoney } from '@mbo/contracts/money';
import {
  PAYMENT_LINK_PATHS,
  TEST_CARDS,
  type CheckoutPayRequest,
  type PaymentLinkStatus,
} from '@mbo/contracts/payment-links';
import type { PaymentStatus } from '@mbo/contracts/payments';
import { esc, page } from './checkout-layout';
import { describePlanInterval, type SubscriptionPlan } from '@mbo/contracts/subscriptions';
import { planOf, type PaymentLinkRow } from './link-record';

/** A field of the checkout form: the keys of the contract's checkoutPayRequest. */
export type CheckoutField = keyof CheckoutPayRequest;

export interface CheckoutFormState {
  /** What the customer typed, shown again after an error (never the card number or the CVC). */
  values?: Partial<Record<'email' | 'name' | 'expiry', string>>;
  errors?: Partial<Record<CheckoutField, string>>;
}

function payPath(linkId: string): string {
  return `${PAYMENT_LINK_PATHS.checkout}/${encodeURIComponent(linkId)}`;
}

function expiryText(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** "Subscription: 9.99 EUR every month, 12 payments in all (cancel any time)". */
export function planText(plan: SubscriptionPlan, amount: number, currency: string): string {
  const length = plan.cycles ? `, ${plan.cycles} payments in all` : ', until cancelled';
  return `Subscription: ${formatMoney(amount, currency)} ${describePlanInterval(plan.interval, plan.intervalCount)}${length}. The first payment is today.`;
}

function summary(link: PaymentLinkRow, merchantName: string): string {
  const plan = planOf(link);
  const initial = esc(merchantName.trim().charAt(0).toUpperCase() || '?');
  return `<section class="summary" aria-label="Order summary">
  <div class="merchant"><span class="avatar" aria-hidden="true">${initial}</span><span>${esc(merchantName)}</span><span class="badge">Sandbox</span></div>
  <p class="eyebrow">${plan ? 'Amount due today' : 'Amount due'}</p>
  <p class="amount" data-testid="amount">${esc(formatMoney(link.amount, link.currency))}</p>
  ${plan ? `<p class="desc" data-testid="plan">${esc(planText(plan, link.amount, link.currency))}</p>` : ''}
  <p class="desc">${esc(link.description)}</p>
  <dl class="meta">
    <dt>Currency</dt><dd>${esc(link.currency)}</dd>
    <dt>Link expires</dt><dd>${esc(expiryText(link.expiresAt))}</dd>
  </dl>
</section>`;
}

function field(name: CheckoutField, label: string, attrs: string, state: CheckoutFormState, value = ''): string {
  const error = state.errors?.[name];
  const errorId = `${name}-error`;
  return `<div class="field${error ? ' invalid' : ''}">
  <label for="${name}">${esc(label)}</label>
  <input id="${name}" name="${name}" ${attrs} value="${esc(value)}"${error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ''}>
  ${error ? `<p class="error" id="${errorId}">${esc(error)}</p>` : ''}
</div>`;
}

const TEST_CARD_ROWS: [string, string][] = [
  [TEST_CARDS.SUCCESS, 'Succeeds'],
  [TEST_CARDS.DECLINED, 'Is declined'],
  [TEST_CARDS.PENDING, 'Stays pending'],
  [TEST_CARDS.DISPUTED, 'Succeeds, then is disputed'],
  [TEST_CARDS.RENEWAL_DECLINED, 'Succeeds; a subscription’s renewals are declined'],
];

function testCardsBox(): string {
  const rows = TEST_CARD_ROWS.map(
    ([number, what]) => `<tr><td>${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</td><td>${what}</td></tr>`,
  ).join('');
  return `<aside class="tests" aria-label="Sandbox test cards">
  <h3>Sandbox test cards</h3>
  <table>${rows}</table>
  <p>Use any future expiry date (MM/YY) and any 3-digit CVC. Any other number is declined.</p>
</aside>`;
}

/** The checkout form: a plain HTML form POST (no script runs on this page). */
export function checkoutPage(link: PaymentLinkRow, merchantName: string, state: CheckoutFormState = {}): string {
  const v = state.values ?? {};
  const hasErrors = Boolean(state.errors && Object.keys(state.errors).length);
  const amount = formatMoney(link.amount, link.currency);
  const body = `<div class="card">
${summary(link, merchantName)}
<section class="panel">
  <h2>Pay with card</h2>
  ${hasErrors ? '<div class="alert" role="alert">Please check the highlighted fields.</div>' : ''}
  <form method="post" action="${esc(payPath(link.id))}" autocomplete="on">
    ${field('email', 'Email', 'type="email" autocomplete="email" required maxlength="254"', state, v.email)}
    ${field('name', 'Name on card', 'type="text" autocomplete="cc-name" required maxlength="100"', state, v.name)}
    ${field('cardNumber', 'Card number', 'type="text" inputmode="numeric" autocomplete="cc-number" required maxlength="23" placeholder="1234 1234 1234 1234"', state)}
    <div class="row">
      ${field('expiry', 'Expiry (MM/YY)', 'type="text" inputmode="numeric" autocomplete="cc-exp" required maxlength="5" placeholder="MM/YY"', state, v.expiry)}
      ${field('cvc', 'CVC', 'type="text" inputmode="numeric" autocomplete="cc-csc" required maxlength="4" placeholder="123"', state)}
    </div>
    <button class="pay" type="submit">${planOf(link) ? 'Subscribe' : 'Pay'} ${esc(amount)}</button>
    <p class="secure">Sandbox payment: only the test cards below work.</p>
  </form>
  ${testCardsBox()}
</section>
</div>`;
  return page(`Pay ${merchantName}`, body);
}

const RESULT_TEXT: Record<PaymentStatus, { icon: string; tone: string; title: string; text: string }> = {
  SUCCESS: { icon: '✓', tone: 'success', title: 'Payment successful', text: 'Thank you. Your payment was received.' },
  FAILED: { icon: '✕', tone: 'error', title: 'Payment declined', text: 'Your card was declined. No money was taken.' },
  PENDING: {
    icon: '…',
    tone: 'warning',
    title: 'Payment pending',
    text: 'Your payment is being processed. The merchant will see the result once it completes.',
  },
  CANCELLED: {
    icon: '✕',
    tone: 'muted',
    title: 'Payment cancelled',
    text: 'The payment was cancelled. No money was taken.',
  },
};

export interface ResultView {
  linkId: string;
  merchantName: string;
  paymentId: string;
  status: PaymentStatus;
  amount: number;
  currency: string;
  failureReason: string | null;
  /** Whether the customer may try again (a declined payment of a link that is still active). */
  canRetry: boolean;
  /** The agreement a subscription link's payment started, and its plan. */
  subscription?: { agreementId: string; plan: SubscriptionPlan } | null;
}

/** The page after paying: success, declined or pending, with the payment id. */
export function resultPage(view: ResultView): string {
  const t =
    view.subscription && view.status === 'SUCCESS'
      ? {
          ...RESULT_TEXT.SUCCESS,
          title: 'Subscription started',
          text: `Thank you. Your first payment was received. ${planText(view.subscription.plan, view.amount, view.currency).replace(/ The first payment is today\.$/, '')}`,
        }
      : RESULT_TEXT[view.status];
  const body = `<div class="card narrow"><section class="result" role="status">
  <div class="icon ${t.tone}" aria-hidden="true">${t.icon}</div>
  <h1>${esc(t.title)}</h1>
  <p>${esc(t.text)}</p>
  ${view.failureReason ? `<p><strong>Reason:</strong> ${esc(view.failureReason)}</p>` : ''}
  <dl class="meta">
    <dt>Merchant</dt><dd>${esc(view.merchantName)}</dd>
    <dt>Amount</dt><dd>${esc(formatMoney(view.amount, view.currency))}</dd>
    <dt>Payment ID</dt><dd data-testid="payment-id">${esc(view.paymentId)}</dd>
    ${view.subscription ? `<dt>Subscription ID</dt><dd data-testid="agreement-id">${esc(view.subscription.agreementId)}</dd>` : ''}
  </dl>
  ${view.canRetry ? `<a class="button" href="${esc(payPath(view.linkId))}">Try another card</a>` : ''}
</section></div>`;
  return page(t.title, body);
}

const INACTIVE_REASON: Record<PaymentLinkStatus, string> = {
  ACTIVE: 'This link cannot take payments right now.',
  PAID: 'It has already been paid.',
  EXPIRED: 'It has expired.',
  DEACTIVATED: 'The merchant has deactivated it.',
};

/** A paid, expired or deactivated link (003001B041). */
export function inactivePage(merchantName: string, status: PaymentLinkStatus): string {
  const body = `<div class="card narrow"><section class="result" role="alert">
  <div class="icon muted" aria-hidden="true">!</div>
  <h1>This payment link is no longer active.</h1>
  <p>${esc(INACTIVE_REASON[status])}</p>
  <p>Please contact ${esc(merchantName)} for a new link.</p>
</section></div>`;
  return page('Payment link inactive', body);
}

/** A single-use link held by a PENDING payment (pay-payment-link.ts LinkBeingPaidError). */
export function beingPaidPage(merchantName: string): string {
  const body = `<div class="card narrow"><section class="result" role="alert">
  <div class="icon warning" aria-hidden="true">…</div>
  <h1>This payment link is being paid.</h1>
  <p>Another payment of this link is being processed. No money was taken from you.</p>
  <p>If that payment does not go through, the link opens again: try again later, or contact ${esc(merchantName)}.</p>
</section></div>`;
  return page('Payment link being paid', body);
}

/**
 * The merchant takes no payment with this card here: no active pay-in service for its brand and
 * currency, or the amount is outside the service's limits (resolve-fee-rule.ts). Nothing was written.
 */
export function methodUnavailablePage(merchantName: string, reason: string): string {
  const body = `<div class="card narrow"><section class="result" role="alert">
  <div class="icon muted" aria-hidden="true">!</div>
  <h1>This card cannot be used for this payment.</h1>
  <p>${esc(reason)}</p>
  <p>No money was taken. Try another card, or contact ${esc(merchantName)}.</p>
</section></div>`;
  return page('Payment method not available', body);
}

/** An unknown link id (or a payment that is not this link's). */
export function notFoundPage(): string {
  const body = `<div class="card narrow"><section class="result" role="alert">
  <div class="icon muted" aria-hidden="true">?</div>
  <h1>Payment link not found</h1>
  <p>Check the address, or ask the merchant for a new link.</p>
</section></div>`;
  return page('Payment link not found', body);
}
