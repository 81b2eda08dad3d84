import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_TRANSACTION_PATHS } from '@mbo/contracts/balance-transactions';
import { PAYMENT_PATHS } from '@mbo/contracts/payments';
import { IDEMPOTENCY_HEADER, REFUND_PATHS } from '@mbo/contracts/refunds';
import { createPayment } from './test-payments';
import { call, cookieOf, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { startReplica, type StartedReplica } from '../../test/topology/replica';
import { WROTE_UNTIL_COOKIE } from '../../plugins/read-routing';

describe('reads on a streaming replica', () => {
  let starting: Promise<StartedReplica> | undefined;
  let replica: StartedReplica;
  let t: TestApp;
  const lines: { level: number; msg: string }[] = [];
  /** The log lines about the replica, by level (pino: 30 info, 40 warn). */
  const replicaLines = (level: number) => lines.filter((l) => l.level === level && l.msg.startsWith('read replica'));

  /** A replica-routed read: how many payments match the keyword, by the status counts (all replica reads). */
  const countOf = async (cookie: string, keyword: string): Promise<number> => {
    const res = await call(t.app, 'POST', PAYMENT_PATHS.statusCount, { cookie, payload: { keyword } });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('000000');
    return res.body.data.ALL as number;
  };

  beforeAll(async () => {
    starting = startReplica();
    replica = await starting;
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp({
      // A refund stays PROCESSING (its sandbox job waits); the caller's write mark outlasts the test's steps.
      config: { sandboxRefundDelayMs: 600_000, readYourWritesMs: 600_000 },
      logger: { level: 'info', stream },
      readReplica: (database, user) => replica.url(database, user),
      // A loaded machine must not turn a slow replica answer into a fallback the assertions would misread.
      replica: { replicaBackoffMs: 100, replicaTimeoutMs: 30_000 },
    });
    // Money in the available balance for the refund below.
    await createPayment(t.database.db, { amount: 50_000_000, currency: 'USD' });
    // The replica replays the whole server: this file's database must have arrived.
    await replica.waitForReplay();
    // A base backup and a server start on a loaded machine: bounded, but longer than a test's hook.
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    // Even a start still under way when beforeAll gave up is awaited and removed.
    await (await starting?.catch(() => undefined))?.remove();
  });

  it('serves a replica-routed read from the replica: a write on the primary is absent while replay is paused', async () => {
    const reader = await loginAs(t.app, 'owner@demo.test');
    await replica.pauseReplay();
    const fresh = await createPayment(t.database.db, { amount: 1234, currency: 'USD' });
    // The primary has it (the list's page is read there)…
    const page = await call(t.app, 'POST', PAYMENT_PATHS.list, { cookie: reader, payload: { keyword: fresh.id } });
    expect(page.body.data.records.map((r: { paymentId: string }) => r.paymentId)).toEqual([fresh.id]);
    // …the replica-routed counts (list total, status counts) do not, for a caller that has not written.
    expect(page.body.data.total).toBe(0);
    expect(await countOf(reader, fresh.id)).toBe(0);
    await replica.resumeReplay();
    await replica.waitForReplay();
    expect(await countOf(reader, fresh.id)).toBe(1);
  });

  it('keeps a caller that has just written on the primary: the refunding session sees its refund, another does not', async () => {
    const refunder = await loginAs(t.app, 'owner@demo.test');
    const other = await loginAs(t.app, 'owner@demo.test');
    const payment = await createPayment(t.database.db, { amount: 10_000, currency: 'USD' });
    await replica.waitForReplay();
    await replica.pauseReplay();

    const res = await t.app.inject({
      method: 'POST',
      url: REFUND_PATHS.create,
      headers: { cookie: refunder, [IDEMPOTENCY_HEADER]: randomUUID() },
      payload: { paymentId: payment.id, amount: '10.00', reason: 'REQUESTED_BY_CUSTOMER' },
    });
    expect(res.json()).toMatchObject({ code: '000000', data: { status: 'PROCESSING' } });
    const mark = cookieOf(res);
    expect(mark).toMatch(new RegExp(`^${WROTE_UNTIL_COOKIE}=\\d+$`));
    const refundId = res.json().data.refundId as string;

    // The refund's ledger transaction, counted by the balance transactions list (its count is replica-routed).
    const refundsCounted = async (cookie: string) => {
      const list = await call(t.app, 'POST', BALANCE_TRANSACTION_PATHS.list, {
        cookie,
        payload: { keyword: refundId },
      });
      expect(list.body.code).toBe('000000');
      return list.body.data.total as number;
    };
    expect(await refundsCounted(`${refunder}; ${mark}`)).toBe(1);
    expect(await refundsCounted(other)).toBe(0);

    await replica.resumeReplay();
    await replica.waitForReplay();
    expect(await refundsCounted(other)).toBe(1);
  });

  it('falls back to the primary when the replica stops, with one warning, and uses the replica again once it is back', async () => {
    const reader = await loginAs(t.app, 'owner@demo.test');
    const before = await createPayment(t.database.db, { amount: 2000, currency: 'USD' });
    await replica.waitForReplay();
    expect(replicaLines(40)).toEqual([]);

    await replica.stop();
    // Answers as always, from the primary, however often it is asked while the replica is down.
    for (let i = 0; i < 3; i++) expect(await countOf(reader, before.id)).toBe(1);
    expect(await t.database.replicaLag!()).toBeNull();
    expect(replicaLines(40)).toHaveLength(1);

    await replica.start();
    await replica.waitForReplay();
    // Back in use: with replay paused, a fresh write shows on the primary but not in the replica-routed read.
    await replica.pauseReplay();
    const fresh = await createPayment(t.database.db, { amount: 3000, currency: 'USD' });
    // The replica serving reads again (after its back-off): the fresh payment is missing again while replay is paused.
    await expect.poll(() => countOf(reader, fresh.id), { timeout: 30_000 }).toBe(0);
    expect(replicaLines(30)).toHaveLength(1);
    expect(replicaLines(40)).toHaveLength(1);
    expect(await t.database.replicaLag!()).not.toBeNull();
    await replica.resumeReplay();
  });

  it('declares on the replica exactly the routes the table of docs/architecture.md lists', () => {
    const doc = fs.readFileSync(new URL('../../../../../docs/architecture.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('## Reads on the replica'), doc.indexOf('## One request'));
    const listed = [...section.matchAll(/^\| `((?:GET|POST) \/[^`]+)` \|/gm)].map((m) => m[1]).sort();
    const declared = t.app.registeredRoutes
      .filter((r) => r.readsReplica)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(listed).toEqual(declared);
  });
});
