import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { computed, typedRows } from './db/typed-rows';
import { apiErrorHandler } from './modules/merchant-api';
import { postTransaction, refundPostings } from './modules/ledger';
import { createTestApp, TEST_JOBS, type TestApp } from './test/harness';

/**
 * The class behind "a refund against a batch holding a dispute answered 500": a database constraint
 * refusing a write never reaches the client as a 500. The error handler answers every 23xxx
 * violation (check, unique, foreign key, not null, exclusion, and the ledger's own no-negative rule)
 * with a catalogue error, nothing is written (the transaction rolled back), and the log line names
 * the constraint but never the query's parameters.
 */
const M = 'M1000001';
/** A parameter of every refused statement: it must reach neither the client nor the log. */
const SECRET = 'param-secret-4711';

/** A table of the transaction's own (dropped with it) carrying one constraint of each kind. */
const PROBE = sql`
  CREATE TEMP TABLE constraint_probe (
    id integer NOT NULL, n integer NOT NULL, parent integer, slot integer, note text,
    CONSTRAINT probe_pk PRIMARY KEY (id),
    CONSTRAINT probe_n_positive CHECK (n > 0),
    CONSTRAINT probe_parent_fk FOREIGN KEY (parent) REFERENCES constraint_probe (id),
    CONSTRAINT probe_slot_excl EXCLUDE USING btree (slot WITH =)
  ) ON COMMIT DROP`;

const VIOLATIONS: Record<string, ReturnType<typeof sql>> = {
  check: sql`INSERT INTO constraint_probe (id, n, note) VALUES (1, 0, ${SECRET})`,
  unique: sql`INSERT INTO constraint_probe (id, n, note) VALUES (1, 1, ${SECRET}), (1, 2, ${SECRET})`,
  foreignKey: sql`INSERT INTO constraint_probe (id, n, parent, note) VALUES (1, 1, 99, ${SECRET})`,
  notNull: sql`INSERT INTO constraint_probe (id, n, note) VALUES (1, NULL, ${SECRET})`,
  exclusion: sql`INSERT INTO constraint_probe (id, n, slot, note) VALUES (1, 1, 7, ${SECRET}), (2, 1, 7, ${SECRET})`,
  idempotencyKey: sql`INSERT INTO idempotency_keys (merchant_id, scope, key, request_hash) VALUES (${M}, 'TEST', ${SECRET}, 'h'), (${M}, 'TEST', ${SECRET}, 'h')`,
};

describe('constraint violations', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const lines: string[] = [];
  const logged = () =>
    lines.map((l) => JSON.parse(l) as { level: number; msg: string; constraint?: string; sqlState?: string });

  beforeAll(async () => {
    t = await createTestApp();
    // The app with a logger whose lines the test reads.
    app = await buildApp({
      config: t.app.config,
      database: t.database,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
      jobs: TEST_JOBS,
    });
    app.get<{ Params: { kind: string } }>(
      '/test-only/constraint/:kind',
      { config: { access: 'public' } },
      async (request) => {
        await app.db.transaction(async (tx) => {
          if (request.params.kind === 'ledger') {
            // A debit of the available balance below zero, refused by the ledger's posting trigger.
            await postTransaction(tx, {
              merchantId: M,
              currency: 'USD',
              kind: 'REFUND',
              referenceType: 'TEST',
              referenceId: SECRET,
              postings: refundPostings(M, 10 ** 14),
            });
            return;
          }
          await tx.execute(PROBE);
          await tx.execute(VIOLATIONS[request.params.kind]);
        });
        return { done: true };
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const cases: [string, string, RegExp, string][] = [
    ['check', '23514', /^probe_n_positive$/, '001000B001'],
    ['unique', '23505', /^probe_pk$/, '001000B001'],
    ['foreignKey', '23503', /^probe_parent_fk$/, '001000B001'],
    ['notNull', '23502', /^constraint_probe[._]n[ _]not[ _]null$/, '001000B001'],
    ['exclusion', '23P01', /^probe_slot_excl$/, '001000B001'],
    ['idempotencyKey', '23505', /^idempotency_keys_merchant_id_scope_key_pk$/, '001000B003'],
    ['ledger', '23514', /^ledger_accounts_no_negative$/, '006001B006'],
  ];

  it.each(cases)(
    'answers a %s violation with a catalogue error, writes nothing, and logs the constraint without the parameters',
    async (kind, sqlState, constraint, code) => {
      const [{ n: before }] = await typedRows(
        t.database.db,
        { n: computed(String) },
        sql`SELECT (SELECT count(*) FROM idempotency_keys) || '/' || (SELECT count(*) FROM ledger_entries) AS n`,
      );
      lines.length = 0;
      const res = await app.inject({ method: 'GET', url: `/test-only/constraint/${kind}` });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ code: string; msg: string; msg_params: { requestId: string } }>();
      expect(body.code).toBe(code);
      expect(body.msg).not.toMatch(/constraint|probe|idempotency_keys|ledger_accounts|INSERT/);
      expect(res.payload).not.toContain(SECRET);
      const [{ n: after }] = await typedRows(
        t.database.db,
        { n: computed(String) },
        sql`SELECT (SELECT count(*) FROM idempotency_keys) || '/' || (SELECT count(*) FROM ledger_entries) AS n`,
      );
      expect(after).toBe(before);

      const line = logged().find((l) => l.msg.startsWith('constraint violation'));
      expect(line).toMatchObject({ level: 50, sqlState });
      expect(line?.constraint).toMatch(constraint);
      expect(line?.msg).toBe(`constraint violation: ${line?.constraint}`);
      expect(lines.join('\n')).not.toContain(SECRET);
      expect(logged().some((l) => l.msg === 'unhandled error')).toBe(false);
    },
  );

  it('answers the merchant API the same way: the catalogue code with 400 (409 for an idempotency key), never a 500', async () => {
    const apiLines: string[] = [];
    const api = Fastify({ logger: { level: 'info', stream: { write: (line: string) => apiLines.push(line) } } });
    api.decorate('config', t.app.config);
    api.setErrorHandler(apiErrorHandler(api));
    api.get<{ Params: { kind: string } }>('/v1/:kind', async (request) => {
      await t.database.db.transaction(async (tx) => {
        await tx.execute(PROBE);
        await tx.execute(VIOLATIONS[request.params.kind]);
      });
      return { done: true };
    });
    try {
      const check = await api.inject({ method: 'GET', url: '/v1/check' });
      expect(check.statusCode).toBe(400);
      expect(check.json()).toMatchObject({ error: { code: '001000B001' } });
      const key = await api.inject({ method: 'GET', url: '/v1/idempotencyKey' });
      expect(key.statusCode).toBe(409);
      expect(key.json()).toMatchObject({ error: { code: '001000B003' } });
      expect(apiLines.join('\n')).toMatch(/constraint violation: probe_n_positive/);
      expect(apiLines.join('\n')).not.toContain(SECRET);
    } finally {
      await api.close();
    }
  });
});
