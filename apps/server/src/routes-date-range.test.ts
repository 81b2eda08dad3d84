import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { REPORT_PATHS, REPORT_CENTRE_TYPES } from '@mbo/contracts/reports';
import { webhookEndpoints } from './db/integration-schema';
import { users } from './db/schema';
import { insertApiKey } from './modules/merchant-api/api-test-helpers';
import { waitForExport } from './modules/reports/reports-test-helpers';
import { createSession, SESSION_COOKIE } from './plugins/session-store';
import type { RegisteredRoute } from './plugins/types';
import { sized } from './test/deep';
import { createTestApp, type TestApp } from './test/harness';

/**
 * QUALITY.md "Bad input", dates at the edges of the years 1 and 9999 in any time zone: every route
 * whose contract has a date range (a `…From` beside a `…To`: createdFrom/createdTo, dueFrom/dueTo,
 * nextChargeFrom/nextChargeTo), generated from the routes the app registered, gets the first and the
 * last instants the contract accepts, for merchants in the two extreme zones (UTC−12 and UTC+14), and
 * answers a success or a catalogue error, never a system error. Every export is then built over the
 * edge days in both zones. The one reader behind them is lib/date-range.ts.
 */
const ZONES = ['Etc/GMT+12', 'Pacific/Kiritimati'] as const;

/** Ranges at the edges: the days themselves, one bound alone, the widest, and offsets at the limits. */
const RANGES: { from?: string; to?: string }[] = [
  { from: '9999-12-31T00:00:00Z', to: '9999-12-31T23:59:59.999Z' },
  { from: '0001-01-01T00:00:00Z', to: '0001-01-01T23:59:59.999Z' },
  { from: '9999-12-31T23:59:59.999Z' },
  { to: '9999-12-31T23:59:59.999Z' },
  { from: '0001-01-01T00:00:00Z' },
  { to: '0001-01-01T00:00:00Z' },
  { from: '0001-01-01T00:00:00Z', to: '9999-12-31T23:59:59.999Z' },
  { from: '9999-12-31T09:59:59.999+14:00', to: '9999-12-31T11:59:59.999-12:00' },
  { from: '0001-01-01T12:00:00+12:00', to: '0001-01-01T00:00:00.000000Z' },
];

const SYSTEM_ERROR = /S\d{3}$/;
const CATALOGUE = new Set<string>(Object.values(ERROR_CODES));
const WALK_TIMEOUT = sized(240_000, 900_000);

interface RangeEndpoint {
  route: RegisteredRoute;
  part: 'body' | 'querystring';
  schema: z.ZodObject;
  /** The date-range pairs of the schema, e.g. ['createdFrom', 'createdTo']. */
  pairs: [string, string][];
}

function rangeEndpoints(routes: RegisteredRoute[]): RangeEndpoint[] {
  return routes.flatMap((route) =>
    (['body', 'querystring'] as const).flatMap((part) => {
      const schema = route.schema[part];
      if (!(schema instanceof z.ZodObject)) return [];
      const keys = Object.keys(schema.shape);
      const pairs = keys
        .filter((k) => k.endsWith('From') && keys.includes(`${k.slice(0, -4)}To`))
        .map((k): [string, string] => [k, `${k.slice(0, -4)}To`]);
      return pairs.length ? [{ route, part, schema, pairs }] : [];
    }),
  );
}

describe('date ranges at the edges of the years 1 and 9999, merchants in UTC−12 and UTC+14', () => {
  let t: TestApp;
  let endpoints: RangeEndpoint[];
  let apiKey: string;
  let webhookEndpointId: string;
  let addressSeq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    endpoints = rangeEndpoints(t.app.registeredRoutes);
    apiKey = (await insertApiKey(t.database.db, 'M1000001')).authorization;
    const [endpoint] = await t.database.db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.merchantId, 'M1000001'), eq(webhookEndpoints.enabled, true)))
      .orderBy(webhookEndpoints.id)
      .limit(1);
    webhookEndpointId = endpoint?.id ?? 'we_00000000000000000';
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A fresh session of the user who may call the route (the payout area is a PAYOUT merchant's). */
  async function cookieFor(
    url: string,
    email = url.startsWith('/payout/') ? 'payouts@demo.test' : 'owner@demo.test',
  ): Promise<string> {
    const [user] = await t.database.db
      .select({ id: users.id, merchantId: users.merchantId })
      .from(users)
      .where(eq(users.email, email));
    return `${SESSION_COOKIE}=${await createSession(t.database.db, { userId: user.id, merchantId: user.merchantId, ip: '127.0.0.1', userAgent: 'date-range-test' })}`;
  }

  /** Values for the fields a route requires besides its range (a new required field fails here, naming itself). */
  function requiredValues(ep: RangeEndpoint, zone: string): Record<string, unknown>[] {
    const base: Record<string, unknown[]> = {
      state: ['OPEN', 'CLOSED'],
      type: ['SETTLEMENTS'],
      format: ['CSV'],
      timeZone: [zone],
      endpointId: [webhookEndpointId],
    };
    const inRange = new Set(ep.pairs.flat());
    const required = Object.entries(ep.schema.shape)
      .filter(([k, s]) => !inRange.has(k) && !(s as z.ZodType).safeParse(undefined).success)
      .map(([k]) => k);
    let combos: Record<string, unknown>[] = [{}];
    for (const field of required) {
      const values = base[field];
      if (!values) throw new Error(`${ep.route.url} requires ${field}: give it a value in requiredValues`);
      combos = combos.flatMap((c) => values.map((v) => ({ ...c, [field]: v })));
    }
    return combos;
  }

  async function answer(
    ep: RangeEndpoint,
    input: Record<string, unknown>,
  ): Promise<{ status: number; code: string | undefined; what: string }> {
    await t.database.db.execute(sql`DELETE FROM rate_limits`);
    const isApi = ep.route.access === 'api-key';
    const headers: Record<string, string> = isApi
      ? { authorization: apiKey }
      : { cookie: await cookieFor(ep.route.url) };
    const query = ep.part === 'querystring' ? new URLSearchParams(input as Record<string, string>).toString() : '';
    const url = query ? `${ep.route.url}?${query}` : ep.route.url;
    const payload = ep.part === 'body' ? JSON.stringify(input) : undefined;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const remoteAddress = `127.2.${(addressSeq >> 8) & 255}.${addressSeq++ & 255}`;
    const res = await t.app.inject({ method: ep.route.method as 'GET' | 'POST', url, payload, headers, remoteAddress });
    const json = res.json();
    const code: string | undefined = isApi ? json.error?.code : json.code;
    return { status: res.statusCode, code, what: `${ep.route.method} ${url} ${payload ?? ''}` };
  }

  it('finds the routes with date ranges (generated from the registered routes)', () => {
    const urls = endpoints.map((e) => e.route.url);
    expect(endpoints.length).toBeGreaterThanOrEqual(15);
    for (const url of [
      '/settlement/web/v1/settlement/list',
      REPORT_PATHS.create,
      '/acquiring/web/v1/payment-link/list',
    ])
      expect(urls).toContain(url);
  });

  for (const zone of ZONES) {
    it(
      `answers every edge range on every route with a success or a catalogue error, merchants in ${zone}`,
      { timeout: WALK_TIMEOUT },
      async () => {
        await t.database.db.execute(sql`UPDATE merchants SET time_zone = ${zone}`);
        let calls = 0;
        for (const ep of endpoints) {
          for (const base of requiredValues(ep, zone)) {
            for (const [fromKey, toKey] of ep.pairs) {
              for (const range of RANGES) {
                const input: Record<string, unknown> = { ...base };
                if (range.from !== undefined) input[fromKey] = range.from;
                if (range.to !== undefined) input[toKey] = range.to;
                const { status, code, what } = await answer(ep, input);
                calls++;
                if (ep.route.access === 'api-key') {
                  expect(status, what).toBeLessThan(500);
                  if (status >= 400) expect(CATALOGUE.has(code ?? ''), `${what} answered ${code}`).toBe(true);
                } else {
                  expect(status, what).toBe(200);
                  expect(code === '000000' || CATALOGUE.has(code ?? ''), `${what} answered ${code}`).toBe(true);
                }
                expect(code ?? '', what).not.toMatch(SYSTEM_ERROR);
                // An export queued by the walk is built before the next call (one unfinished export per user).
                if (ep.route.url === REPORT_PATHS.create && code === '000000') await t.app.jobs.drain();
              }
            }
          }
        }
        expect(calls).toBeGreaterThanOrEqual(15 * RANGES.length);
      },
    );
  }

  for (const zone of ZONES) {
    it(
      `builds every export over the first and the last day of the calendar, written in ${zone}`,
      { timeout: WALK_TIMEOUT },
      async () => {
        await t.database.db.execute(sql`UPDATE merchants SET time_zone = ${zone}`);
        const owner = await cookieFor('/', 'owner@demo.test');
        const payouts = await cookieFor('/', 'payouts@demo.test');
        for (const type of REPORT_CENTRE_TYPES) {
          for (const range of [RANGES[0], RANGES[1]]) {
            const payload = { type, format: 'CSV', timeZone: zone, createdFrom: range.from, createdTo: range.to };
            let cookie = owner;
            await t.database.db.execute(sql`DELETE FROM rate_limits`);
            let created = await t.app.inject({
              method: 'POST',
              url: REPORT_PATHS.create,
              payload,
              headers: { cookie },
            });
            if (created.json().code === '001000B001' && /^Invalid request: type /.test(created.json().msg)) {
              cookie = payouts;
              created = await t.app.inject({ method: 'POST', url: REPORT_PATHS.create, payload, headers: { cookie } });
            }
            const what = `${type} ${range.from} in ${zone}`;
            expect(created.json().code, `${what}: ${created.json().msg}`).toBe('000000');
            const done = await waitForExport(t.app, cookie, created.json().data.exportId);
            expect(done.status, `${what}: ${done.error}`).toBe('SUCCESS');
          }
        }
      },
    );
  }
});
