/**
 * The mixed workload of bench:cluster, through the balancer: virtual users logged in as bench users (each from a
 * loopback address of its own) list payments and refunds, open payment details, refund payments with an
 * Idempotency-Key (each refund sent again with the same key at least once, and until it is answered), and pay
 * payment links at the hosted checkout (each payment from a new client address); an exporter requests exports,
 * polls them to the end and downloads them. Every outcome is recorded for the checks (checks.ts).
 */
import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { IDEMPOTENCY_HEADER, REFUND_PATHS } from '@mbo/contracts/refunds';
import { PAYMENT_LINK_PATHS } from '@mbo/contracts/payment-links';
import { PAYMENT_PATHS } from '@mbo/contracts/payments';
import { REPORT_PATHS } from '@mbo/contracts/reports';
import { addressPool, Client, envelopeOf, type Answer } from './http-client';
import { login, type RefundablePayment } from './setup';
import type { PhaseStats } from './stats';

export interface RefundCall {
  key: string;
  paymentId: string;
  /** Every refund id a 2xx answer carried (one, when the key works). */
  refundIds: Set<string>;
  calls: number;
  /** Some call got a 2xx. */
  acked: boolean;
  /** Calls after the first 2xx with the same key (at least one per refund). */
  retriedAfterAck: number;
  lastAnswer: string;
}

export interface LinkPaymentCall {
  linkId: string;
  /** The payment the checkout redirected to (303), when it answered. */
  paymentId: string | undefined;
  status: number;
}

export interface ExportCall {
  exportId: string;
  status: string;
  createdBy: string | undefined;
  downloadedBy: string | undefined;
  bytes: number;
  fileSize: number | null;
  header: string;
}

export interface Records {
  refunds: RefundCall[];
  linkPayments: LinkPaymentCall[];
  exports: ExportCall[];
  /** Export requests the server refused, by answer (one unfinished export per user, say). */
  refusedExports: Map<string, number>;
}

export interface WorkloadContext {
  base: URL;
  stats: PhaseStats;
  running: () => boolean;
  users: string[];
  /** Payments still to refund (taken from the end). */
  payments: RefundablePayment[];
  /** Payment ids to open the detail of. */
  detailIds: string[];
  links: string[];
  records: Records;
}

/** Payment attempts per link and per client address stay below the checkout's limits (60 and 10 in 10 minutes). */
const PER_LINK = 50;
const DAY = 24 * 3600_000;

/** An answer the workload did not expect: none, a server error, or a refusal by a limit. */
function failureOf(answer: Answer): string | undefined {
  if (answer.status === 0) return `no answer (${answer.error ?? 'error'}) to ${answer.what}`;
  if (answer.status >= 500 || answer.status === 429) return `HTTP ${answer.status} to ${answer.what}`;
  return undefined;
}

async function timed(ctx: WorkloadContext, send: () => Promise<Answer>): Promise<Answer> {
  const answer = await send();
  ctx.stats.record(answer.ms, failureOf(answer));
  return answer;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function loginWithRetry(ctx: WorkloadContext, client: Client, email: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await login(client, email);
    } catch (err) {
      if (attempt >= 10) throw err;
      await pause(200 * attempt);
    }
  }
}

function listQuery(i: number) {
  const now = Date.now();
  const page = { pageNum: 1 + (i % 3), pageSize: 20, sort: 'createdAt:desc' };
  const queries = [
    page,
    { ...page, createdFrom: new Date(now - 30 * DAY).toISOString(), createdTo: new Date(now).toISOString() },
    { ...page, status: ['SUCCESS'] },
    { ...page, currency: 'EUR' },
  ];
  return queries[i % queries.length];
}

async function refundOnce(ctx: WorkloadContext, client: Client, payment: RefundablePayment): Promise<void> {
  const record: RefundCall = {
    key: randomUUID(),
    paymentId: payment.paymentId,
    refundIds: new Set(),
    calls: 0,
    acked: false,
    retriedAfterAck: 0,
    lastAnswer: '',
  };
  ctx.records.refunds.push(record);
  const body = { paymentId: payment.paymentId, amount: '1.00', reason: 'REQUESTED_BY_CUSTOMER' };
  /** acked: a 2xx; refused: a business refusal (nothing done); retry: no answer, a 5xx, or the key still running. */
  const send = async (): Promise<'acked' | 'refused' | 'retry'> => {
    record.calls++;
    const answer = await timed(ctx, () =>
      client.request('POST', REFUND_PATHS.create, { json: body, headers: { [IDEMPOTENCY_HEADER]: record.key } }),
    );
    const envelope = envelopeOf<{ refundId: string }>(answer);
    record.lastAnswer = `${answer.status} ${envelope?.code ?? answer.error ?? ''}`;
    if (answer.status === 200 && envelope?.code === '000000') {
      record.refundIds.add(envelope.data.refundId);
      return 'acked';
    }
    const inProgress = envelope?.code === ERROR_CODES.IDEMPOTENCY_IN_PROGRESS;
    const businessAnswer =
      answer.status === 200 || (answer.status >= 400 && answer.status < 500 && answer.status !== 429);
    return businessAnswer && !inProgress ? 'refused' : 'retry';
  };
  // Until answered (a call lost with an instance, a key still running elsewhere: the same key again)...
  for (let attempt = 1; attempt <= 12; attempt++) {
    const outcome = await send();
    if (outcome === 'refused') return;
    if (outcome === 'acked') {
      record.acked = true;
      break;
    }
    await pause(150 * attempt);
  }
  // ...and once more after the answer: the client that never saw it would send it again.
  if (record.acked) {
    await send();
    record.retriedAfterAck++;
  }
}

async function payLink(ctx: WorkloadContext, client: Client, linkId: string, from: string): Promise<void> {
  const path = `${PAYMENT_LINK_PATHS.checkout}/${linkId}`;
  await timed(ctx, () => client.request('GET', path, { localAddress: from }));
  const declined = Math.random() < 0.15;
  const answer = await timed(ctx, () =>
    client.request('POST', path, {
      localAddress: from,
      form: {
        email: 'buyer@example.com',
        name: 'Bench Buyer',
        cardNumber: declined ? '4000000000000002' : '4242424242424242',
        expiry: '12/39',
        cvc: '123',
      },
    }),
  );
  const location = typeof answer.headers.location === 'string' ? answer.headers.location : '';
  const paymentId = answer.status === 303 ? /\/payments\/([0-9A-Za-z]+)$/.exec(location)?.[1] : undefined;
  ctx.records.linkPayments.push({ linkId, paymentId, status: answer.status });
}

/** One virtual user until the run ends: a weighted mix of calls, a new session every 400 calls (600 a minute max). */
export async function virtualUser(ctx: WorkloadContext, index: number): Promise<void> {
  const client = new Client(ctx.base, `127.2.0.${index + 1}`);
  const checkoutAddress = addressPool(10 + index);
  const email = ctx.users[index];
  let calls = 0;
  let linkUses = 0;
  try {
    await loginWithRetry(ctx, client, email);
    for (let i = 0; ctx.running(); i++) {
      if (calls >= 400) {
        await loginWithRetry(ctx, client, email);
        calls = 0;
      }
      const r = Math.random();
      if (r < 0.3) {
        await timed(ctx, () => client.request('POST', PAYMENT_PATHS.list, { json: listQuery(i) }));
        calls++;
      } else if (r < 0.45) {
        const id = ctx.detailIds[Math.floor(Math.random() * ctx.detailIds.length)];
        await timed(ctx, () => client.request('GET', `${PAYMENT_PATHS.detail}?paymentId=${encodeURIComponent(id)}`));
        calls++;
      } else if (r < 0.55) {
        await timed(ctx, () => client.request('POST', REFUND_PATHS.list, { json: { pageNum: 1, pageSize: 20 } }));
        calls++;
      } else if (r < 0.75) {
        const payment = ctx.payments.pop();
        if (payment) {
          await refundOnce(ctx, client, payment);
          calls += 2;
        }
      } else {
        const link = ctx.links[Math.floor(linkUses / PER_LINK) * ctx.users.length + index];
        if (link) {
          linkUses++;
          // Two calls from one new client address: at most 10 payment attempts per address in 10 minutes.
          await payLink(ctx, client, link, checkoutAddress());
        }
      }
    }
  } finally {
    client.close();
  }
}

async function pollExport(ctx: WorkloadContext, client: Client, record: ExportCall, untilMs: number): Promise<void> {
  while (Date.now() < untilMs) {
    const answer = await timed(ctx, () =>
      client.request('GET', `${REPORT_PATHS.detail}?exportId=${encodeURIComponent(record.exportId)}`),
    );
    const envelope = envelopeOf<{ status: string; fileSize: number | null }>(answer);
    if (envelope?.code === '000000') {
      record.status = envelope.data.status;
      record.fileSize = envelope.data.fileSize;
      if (record.status !== 'QUEUED' && record.status !== 'RUNNING') return;
    }
    await pause(250);
  }
}

export async function downloadExport(ctx: WorkloadContext, client: Client, record: ExportCall): Promise<void> {
  const answer = await timed(ctx, () =>
    client.request('GET', `${REPORT_PATHS.download}?exportId=${encodeURIComponent(record.exportId)}`),
  );
  if (answer.status !== 200) return;
  record.bytes = answer.body.length;
  record.downloadedBy = answer.servedBy;
  record.header = answer.body.subarray(0, 200).toString().split('\n')[0];
}

/** Polls the exports the load left unfinished until they end (or the deadline), then downloads them. */
export async function finishExports(ctx: WorkloadContext, email: string, deadlineMs: number): Promise<void> {
  const client = new Client(ctx.base, '127.3.0.2');
  try {
    await loginWithRetry(ctx, client, email);
    for (const record of ctx.records.exports.filter((e) => e.bytes === 0)) {
      if (record.status === 'QUEUED' || record.status === 'RUNNING') await pollExport(ctx, client, record, deadlineMs);
      if (record.status === 'SUCCESS') await downloadExport(ctx, client, record);
    }
  } finally {
    client.close();
  }
}

/** Requests an export of the last 30 days of payments, polls it (up to 20 s here) and downloads it; again and again. */
export async function exporter(ctx: WorkloadContext, email: string): Promise<void> {
  const client = new Client(ctx.base, '127.3.0.1');
  try {
    await loginWithRetry(ctx, client, email);
    while (ctx.running()) {
      const now = Date.now();
      const answer = await timed(ctx, () =>
        client.request('POST', REPORT_PATHS.create, {
          json: {
            type: 'PAYMENTS',
            format: 'CSV',
            timeZone: 'Europe/Amsterdam',
            createdFrom: new Date(now - 30 * DAY).toISOString(),
            createdTo: new Date(now).toISOString(),
          },
        }),
      );
      const envelope = envelopeOf<{ exportId: string; status: string }>(answer);
      if (envelope?.code !== '000000') {
        const why = `${answer.status} ${envelope ? `${envelope.code} ${envelope.msg}` : (answer.error ?? '')}`;
        ctx.records.refusedExports.set(why, (ctx.records.refusedExports.get(why) ?? 0) + 1);
        await pause(300);
        continue;
      }
      const record: ExportCall = {
        exportId: envelope.data.exportId,
        status: envelope.data.status,
        createdBy: answer.servedBy,
        downloadedBy: undefined,
        bytes: 0,
        fileSize: null,
        header: '',
      };
      ctx.records.exports.push(record);
      await pollExport(ctx, client, record, Date.now() + 20_000);
      if (record.status === 'SUCCESS') await downloadExport(ctx, client, record);
    }
  } finally {
    client.close();
  }
}
