import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEADERS_COOKIE } from '@mbo/contracts/product';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { probeSession } from './session-probe';

const USER = { userId: 'U1', email: 'owner@demo.test', forceResetPassword: false };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('probeSession', () => {
  afterEach(() => {
    document.cookie = `${HEADERS_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });

  it('asks for the current user with the cookie headers of spec section 7, same-origin credentials', async () => {
    document.cookie = `${HEADERS_COOKIE}=${encodeURIComponent(JSON.stringify({ 'x-region': 'eu' }))}`;
    const fetchImpl = vi.fn(async () => json(200, { code: '000000', msg: 'ok', msg_params: null, data: USER }));
    expect(await probeSession(fetchImpl)).toEqual(USER);
    expect(fetchImpl).toHaveBeenCalledWith(USERCENTER_PATHS.currentUser, {
      credentials: 'same-origin',
      headers: { 'x-region': 'eu', Accept: 'application/json' },
    });
  });

  it('says "no session" for HTTP 431 and 430, and "cannot tell" for anything else', async () => {
    expect(
      await probeSession(async () =>
        json(431, { code: '002001B010', msg: 'User not login.', msg_params: null, data: null }),
      ),
    ).toBeNull();
    expect(
      await probeSession(async () =>
        json(430, { code: '002001B024', msg: 'No permission.', msg_params: null, data: null }),
      ),
    ).toBeNull();
    expect(
      await probeSession(async () => json(500, { code: '002000S001', msg: 'error', msg_params: null, data: null })),
    ).toBeUndefined();
    expect(
      await probeSession(async () => json(200, { code: '002000S001', msg: 'error', msg_params: null, data: null })),
    ).toBeUndefined();
    expect(await probeSession(async () => new Response('<html>proxy error</html>', { status: 200 }))).toBeUndefined();
    expect(
      await probeSession(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toBeUndefined();
  });

  it('reads or cancels the body of every answer, the 431 and 430 included, so the request completes', async () => {
    for (const status of [431, 430, 500, 200]) {
      const answer = json(status, {
        code: status === 200 ? '000000' : '002001B010',
        msg: '',
        msg_params: null,
        data: USER,
      });
      await probeSession(async () => answer);
      expect(answer.bodyUsed, `HTTP ${status}`).toBe(true);
    }
  });
});
