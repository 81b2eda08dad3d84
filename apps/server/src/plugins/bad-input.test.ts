import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { computed, typedRows } from '../db/typed-rows';
import { createTestApp, loginAs, type TestApp } from '../test/harness';

/**
 * Bad input, the particular answers (the generated walk over every route is routes-bad-input.test.ts):
 * a NUL byte is named as such, a wrong type is not read as a missing field, prototype keys do nothing.
 */
type Who = 'owner' | 'finance' | 'reset' | 'viewer';

describe('bad input: particular answers', () => {
  let t: TestApp;
  const cookies = {} as Record<Who, string>;
  /** Rows a call could write; a refused input must leave every count as it was. */
  const written = async () =>
    (
      await typedRows(
        t.database.db,
        { n: computed(String) },
        sql`
        SELECT (SELECT count(*) FROM users) || '/' || (SELECT count(*) FROM user_links) || '/' || (SELECT count(*) FROM sessions) || '/' ||
               (SELECT count(*) FROM login_history) || '/' || (SELECT count(*) FROM audit_log) || '/' || (SELECT count(*) FROM password_history) AS n`,
      )
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

  it('answers a NUL byte in a field as a bad input naming the field, not a database error', async () => {
    const before = await written();
    const res = await t.app.inject({
      method: 'POST',
      url: USERCENTER_PATHS.switchMerchant,
      headers: { cookie: cookies.viewer },
      payload: { merchantId: 'M1000002\u0000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: '001000B001',
      msg: 'Invalid request: merchantId must not contain NUL characters.',
    });
    expect(await written()).toBe(before);
  });

  it('names a wrong type as a wrong type, not as a missing field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: USERCENTER_PATHS.login,
      payload: { email: 42, password: 'x' },
    });
    expect(res.json().msg).toBe('Invalid request: email must be a string.');
    const body = await t.app.inject({
      method: 'POST',
      url: USERCENTER_PATHS.login,
      headers: { 'content-type': 'application/json' },
      payload: '[1]',
    });
    expect(body.json().msg).toBe('Invalid request: (body) must be an object.');
    const missing = await t.app.inject({ method: 'POST', url: USERCENTER_PATHS.login, payload: { password: 'x' } });
    expect(missing.json().msg).toBe('Invalid request: email is required.');
    const noEnum = await t.app.inject({
      method: 'POST',
      url: USERCENTER_PATHS.checkLink,
      payload: { token: 'x'.repeat(43) },
    });
    expect(noEnum.json().msg).toBe('Invalid request: type is required.');
    const badEnum = await t.app.inject({
      method: 'POST',
      url: USERCENTER_PATHS.checkLink,
      payload: { token: 'x'.repeat(43), type: 'OTHER' },
    });
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
    const deep = await t.app.inject({
      method: 'POST',
      url: USERCENTER_PATHS.login,
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    });
    expect(deep.statusCode).toBe(200);
    expect(deep.json().code).toBe('001000B001');
  });
});
