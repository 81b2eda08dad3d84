import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { disputeStatusCountRequest } from '@mbo/contracts/acquiring-schemas';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { changePasswordRequest, checkLinkRequest, forceResetPasswordRequest, forgotPasswordRequest, inviteMemberRequest, isPermissionAllowedRequest, loginHistoryListRequest, loginRequest, registerPasswordRequest, resetPasswordRequest, switchMerchantRequest } from '@mbo/contracts/usercenter-schemas';
import { rowsOf } from '../db/client';
import { createTestApp, loginAs, type TestApp } from '../test/harness';

/**
 * QUALITY.md "Bad input": every endpoint, fed random JSON (wrong types, missing fields, huge strings,
 * negative or fractional numbers, unknown enum values, NUL bytes), answers with a catalogue error and
 * never a 5xx. The contract schema is the oracle: what it rejects must come back as 001000B001 naming
 * the same field, and must write nothing.
 */
const RUNS = 40;
type Who = 'owner' | 'finance' | 'reset' | 'viewer';

interface Endpoint {
  method: 'GET' | 'POST';
  url: string;
  schema: z.ZodType;
  as?: Who;
  /** Near-valid values per field, so that some inputs get past the schema into the code behind it. */
  fields: Record<string, fc.Arbitrary<unknown>>;
}

const huge = fc.integer({ min: 300, max: 150_000 }).map((n) => 'Ab1-'.repeat(Math.ceil(n / 4)).slice(0, n));
const special = fc.constantFrom(
  '', ' ', '\u0000', 'M1000001\u0000', 'a\u0000@demo.test', '\ud800', '\uffff', '<script>alert(1)</script>', "' OR '1'='1' --",
  'UNKNOWN_VALUE', '../../etc/passwd', '%00', 'null', 'true', '-1', '1.5', '1e309', '0x10', 'NaN',
);
const numbers = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-1, 0, 0.5, -0.5, 1.5, 2 ** 53 + 1, -(2 ** 31), 1e21, Number.MAX_VALUE),
);
/** Anything JSON can carry where a field is expected. */
const wild: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null), fc.boolean(), numbers, fc.string({ unit: 'binary', maxLength: 64 }), special, huge,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

const emailLike = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom('disabled@demo.test', 'invited@demo.test', 'DISABLED@Demo.Test ', 'not-an-email', '@demo.test', 'a@b', `a@${'b'.repeat(250)}.test`),
);
const passwordLike = fc.oneof(
  fc.string({ maxLength: 140 }),
  fc.constantFrom('Merchant#2026', 'password1234', 'Str0ng-and-long-enough', 'short1', 'abcdefghijklmnop', 'x'.repeat(129), 'Pass\u0000word-2026x'),
);
const tokenLike = fc.oneof(fc.string({ minLength: 14, maxLength: 60 }), fc.base64String({ minLength: 40, maxLength: 48 }), fc.constantFrom('x'.repeat(15), 'x'.repeat(201)));
const pageLike = fc.oneof(fc.integer({ min: -5, max: 300 }), fc.constantFrom(0, 1.5, -2.5, '2', '1e3', 100_001, 'abc', null, [3], true));

const ENDPOINTS: Record<string, Endpoint> = {
  login: { method: 'POST', url: USERCENTER_PATHS.login, schema: loginRequest, fields: { email: emailLike, password: passwordLike } },
  'forgot-password': { method: 'POST', url: USERCENTER_PATHS.forgotPassword, schema: forgotPasswordRequest, fields: { email: emailLike } },
  'check-link': { method: 'POST', url: USERCENTER_PATHS.checkLink, schema: checkLinkRequest, fields: { token: tokenLike, type: fc.constantFrom('RESET', 'INVITE', 'reset', 'OTHER', '') } },
  'reset-password': { method: 'POST', url: USERCENTER_PATHS.resetPassword, schema: resetPasswordRequest, fields: { token: tokenLike, password: passwordLike } },
  'register-password': {
    method: 'POST', url: USERCENTER_PATHS.registerPassword, schema: registerPasswordRequest,
    fields: { token: tokenLike, name: fc.oneof(fc.string({ maxLength: 120 }), fc.constantFrom('   ', 'Na\u0000me')), password: passwordLike },
  },
  'force-reset-password': { method: 'POST', url: USERCENTER_PATHS.forceResetPassword, schema: forceResetPasswordRequest, as: 'reset', fields: { currentPassword: passwordLike, newPassword: passwordLike } },
  'change-password': { method: 'POST', url: USERCENTER_PATHS.changePassword, schema: changePasswordRequest, as: 'finance', fields: { currentPassword: passwordLike, newPassword: passwordLike } },
  'login-history-list': {
    method: 'POST', url: USERCENTER_PATHS.loginHistoryList, schema: loginHistoryListRequest, as: 'owner',
    fields: { pageNum: pageLike, pageSize: pageLike, result: fc.constantFrom('SUCCESS', 'FAILURE', 'success', 'OK') },
  },
  'switch-user-access-merchant': {
    method: 'POST', url: USERCENTER_PATHS.switchMerchant, schema: switchMerchantRequest, as: 'viewer',
    fields: { merchantId: fc.oneof(fc.constantFrom('M1000001', 'M1000002', 'M2000001', 'M9999999', '', 'x'.repeat(65)), fc.string({ unit: 'binary', maxLength: 70 })) },
  },
  invite: {
    method: 'POST', url: USERCENTER_PATHS.inviteMember, schema: inviteMemberRequest, as: 'owner',
    fields: { email: emailLike, roleCode: fc.constantFrom('VIEWER', 'FINANCE', 'NO_SUCH_ROLE', 'viewer', 'VIEW ER', '', 'A'.repeat(33)) },
  },
  'is-permission-allowed': {
    method: 'GET', url: USERCENTER_PATHS.isPermissionAllowed, schema: isPermissionAllowedRequest, as: 'viewer',
    fields: {
      permissionCodes: fc.oneof(
        fc.constantFrom('API_MEMBER_ADD', 'API_PAYMENT_REFUND,API_DISPUTES_STATUS_COUNT', 'NOT_A_CODE', 'api_member_add', 'A,,B', ',', 'A, B', 'X'.repeat(2001)),
        fc.array(fc.constantFrom('API_MEMBER_ADD', 'PAGE_API_DOCS', 'ZZZ', '__proto__', 'constructor'), { minLength: 1, maxLength: 6 }).map((codes) => codes.join(',')),
        fc.string({ maxLength: 40 }),
        fc.array(fc.string({ maxLength: 10 }), { minLength: 2, maxLength: 3 }),
      ),
    },
  },
  'dispute-status-count': {
    method: 'GET', url: '/acquiringmerchant/web/v1/dispute-order/status/count', schema: disputeStatusCountRequest, as: 'owner',
    fields: {
      disputeStatus: fc.oneof(
        fc.constantFrom('EVIDENCE_REQUIRED', 'WON', 'evidence_required', 'PENDING', '', ' EVIDENCE_REQUIRED'),
        fc.string({ maxLength: 20 }),
        fc.array(fc.constantFrom('EVIDENCE_REQUIRED', 'LOST'), { minLength: 2, maxLength: 3 }),
      ),
    },
  },
};

/** A JSON body: any JSON value, or the endpoint's fields (each maybe missing, near-valid or wild) plus unknown ones. */
function bodyFor(ep: Endpoint): fc.Arbitrary<unknown> {
  // A NUL byte appended to a near-valid value gets past the schema: the database must never see it.
  const withNul = (near: fc.Arbitrary<unknown>) => near.map((v) => (typeof v === 'string' ? `${v}\u0000` : v));
  const fields = Object.fromEntries(Object.entries(ep.fields).map(([k, near]) => [k, fc.oneof({ weight: 4, arbitrary: near }, { weight: 2, arbitrary: wild }, { weight: 1, arbitrary: withNul(near) })]));
  const record = fc
    .tuple(fc.record(fields, { requiredKeys: [] }), fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }))
    .map(([known, extra]) => Object.assign(Object.create(null) as object, extra, known));
  return fc.oneof({ weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) }, { weight: 1, arbitrary: wild }, { weight: 6, arbitrary: record });
}

/** A query string: the endpoint's fields (strings or repeated) plus unknown parameters. */
function queryFor(ep: Endpoint): fc.Arbitrary<string> {
  const asParam = fc.oneof(fc.string({ maxLength: 30 }), special, huge.map((s) => s.slice(0, 3000)), fc.array(fc.string({ maxLength: 8 }), { minLength: 2, maxLength: 3 }));
  const fields = Object.fromEntries(Object.entries(ep.fields).map(([k, near]) => [k, fc.oneof({ weight: 3, arbitrary: near }, { weight: 1, arbitrary: asParam })]));
  const extraKey = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,7}$/).filter((k) => !(k in ep.fields));
  return fc.tuple(fc.record(fields, { requiredKeys: [] }), fc.dictionary(extraKey, fc.string({ maxLength: 8 }), { maxKeys: 2 })).map(([known, extra]) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...extra, ...known })) {
      for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
    }
    return params.toString();
  });
}

/** What the server's query parser hands the route: strings, or arrays for repeated keys. */
function parsedQuery(qs: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(qs)) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

describe('bad input never breaks the server', () => {
  let t: TestApp;
  const cookies = {} as Record<Who, string>;
  /** Rows a call could write; a refused input must leave every count as it was. */
  const written = async () =>
    rowsOf<{ n: string }>(
      await t.database.db.execute(sql`
        SELECT (SELECT count(*) FROM users) || '/' || (SELECT count(*) FROM user_links) || '/' || (SELECT count(*) FROM sessions) || '/' ||
               (SELECT count(*) FROM login_history) || '/' || (SELECT count(*) FROM audit_log) || '/' || (SELECT count(*) FROM password_history) AS n`),
    )[0].n;

  beforeAll(async () => {
    t = await createTestApp();
    cookies.owner = await loginAs(t.app, 'owner@demo.test');
    cookies.finance = await loginAs(t.app, 'finance@demo.test');
    cookies.reset = await loginAs(t.app, 'reset@demo.test');
    cookies.viewer = await loginAs(t.app, 'viewer@demo.test');
  });
  afterAll(async () => {
    await t.close();
  });

  async function check(ep: Endpoint, input: unknown, send: { url: string; payload?: string }) {
    const before = await written();
    const headers: Record<string, string> = ep.as ? { cookie: cookies[ep.as] } : {};
    if (send.payload !== undefined) headers['content-type'] = 'application/json';
    const res = await t.app.inject({ method: ep.method, url: send.url, payload: send.payload, headers });
    const what = `${ep.method} ${send.url.slice(0, 300)} ${String(send.payload).slice(0, 300)}`;
    expect(res.statusCode, what).toBeLessThan(500);
    const body = res.json();
    expect(Object.keys(body).sort(), what).toEqual(['code', 'data', 'msg', 'msg_params']);
    expect(body.code, what).not.toBe('002000S001');
    expect(res.statusCode, what).toBe(200);
    // Prototype-poisoning keys are refused by the JSON parser itself, before any field is read.
    const poisoned = send.payload !== undefined && /"(__proto__|constructor)"/.test(send.payload) && body.msg === 'Invalid request: the body is not valid JSON.';

    const verdict = ep.schema.safeParse(input ?? {});
    if (!verdict.success) {
      expect(body.code, what).toBe('001000B001');
      if (!poisoned) {
        const field = verdict.error.issues[0].path.map(String).join('.') || '(body)';
        expect(body.msg, what).toMatch(new RegExp(`^Invalid request: ${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `));
        expect(body.data.fields[0].field, what).toBe(field);
      }
      expect(body.msg_params.isGwErrorMapEnabled, what).toBe(1);
      expect(await written(), `${what} wrote rows`).toBe(before);
    } else if (body.code === '001000B001' && !poisoned) {
      // The schema let it through but the server still refused it (NUL byte, unknown role): a field is named.
      const named = /^Invalid request: (\S+) /.exec(body.msg)?.[1] ?? '';
      expect(Object.keys(ep.fields), what).toContain(named.split('.')[0]);
      expect(await written(), `${what} wrote rows`).toBe(before);
    }
  }

  for (const [name, ep] of Object.entries(ENDPOINTS)) {
    it(`${ep.method} ${name}: random input never gives a 5xx, and bad input gives 001000B001 naming the field`, async () => {
      if (ep.method === 'POST') {
        await fc.assert(
          fc.asyncProperty(bodyFor(ep), async (value) => {
            const payload = JSON.stringify(value);
            await check(ep, JSON.parse(payload), { url: ep.url, payload });
          }),
          { numRuns: RUNS },
        );
      } else {
        await fc.assert(
          fc.asyncProperty(queryFor(ep), async (qs) => {
            await check(ep, parsedQuery(qs), { url: qs ? `${ep.url}?${qs}` : ep.url });
          }),
          { numRuns: RUNS },
        );
      }
    });
  }

  it('answers a NUL byte in a field as a bad input naming the field, not a database error', async () => {
    const before = await written();
    const res = await t.app.inject({ method: 'POST', url: USERCENTER_PATHS.switchMerchant, headers: { cookie: cookies.viewer }, payload: { merchantId: 'M1000002\u0000' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: '001000B001', msg: 'Invalid request: merchantId must not contain NUL characters.' });
    expect(await written()).toBe(before);
  });

  it('names a wrong type as a wrong type, not as a missing field', async () => {
    const res = await t.app.inject({ method: 'POST', url: USERCENTER_PATHS.login, payload: { email: 42, password: 'x' } });
    expect(res.json().msg).toBe('Invalid request: email must be a string.');
    const body = await t.app.inject({ method: 'POST', url: USERCENTER_PATHS.login, headers: { 'content-type': 'application/json' }, payload: '[1]' });
    expect(body.json().msg).toBe('Invalid request: (body) must be an object.');
    const missing = await t.app.inject({ method: 'POST', url: USERCENTER_PATHS.login, payload: { password: 'x' } });
    expect(missing.json().msg).toBe('Invalid request: email is required.');
    const noEnum = await t.app.inject({ method: 'POST', url: USERCENTER_PATHS.checkLink, payload: { token: 'x'.repeat(43) } });
    expect(noEnum.json().msg).toBe('Invalid request: type is required.');
    const badEnum = await t.app.inject({ method: 'POST', url: USERCENTER_PATHS.checkLink, payload: { token: 'x'.repeat(43), type: 'OTHER' } });
    expect(badEnum.json().msg).toBe('Invalid request: type must be one of RESET, INVITE.');
  });

  it('ignores prototype-polluting query keys and deeply nested JSON', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${USERCENTER_PATHS.isPermissionAllowed}?__proto__[polluted]=1&constructor[prototype][polluted]=1&permissionCodes=API_MEMBER_ADD`,
      headers: { cookie: cookies.viewer },
    });
    expect(res.json()).toMatchObject({ code: '000000', data: { permissions: { API_MEMBER_ADD: 'DENY' } } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const deep = await t.app.inject({ method: 'POST', url: USERCENTER_PATHS.login, headers: { 'content-type': 'application/json' }, payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}` });
    expect(deep.statusCode).toBe(200);
    expect(deep.json().code).toBe('001000B001');
  });
});
