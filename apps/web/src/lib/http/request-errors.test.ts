/**
 * The rejections of spec section 8 against a real HTTP server: business codes and their messages,
 * the HTTP statuses with a meaning (431, 430, 401/403/404), other statuses, network errors, and the
 * report sent to the error-reporting service.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as Sentry from '@sentry/react';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { initErrorReporting, resetErrorReportingForTests } from '@/lib/error-reporting';
import { changeLocale } from '@/i18n/i18n';
import { setHttpUi } from './http-ui';
import { ApiError, get, NETWORK_ERROR_CODE, post } from './request';
import { envelope, holdAnswer, moveDocumentTo, sendJson, startTestServer, type TestServer } from './test-server';

vi.mock('@sentry/react', () => ({ init: vi.fn(), captureException: vi.fn() }));

let server: TestServer;
const ui = { success: vi.fn(), error: vi.fn(), toLogin: vi.fn() };
let restoreUi: () => void;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  moveDocumentTo(`${server.origin}/app/transactions/payments?status=SUCCESS`);
  server.requests.length = 0;
  restoreUi = setHttpUi(ui);
});
afterEach(() => {
  restoreUi();
  vi.clearAllMocks();
  vi.unstubAllEnvs();
  resetErrorReportingForTests();
});

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => {
      throw new Error('expected the call to reject');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('business error codes', () => {
  it('uses the server msg when msg_params.isGwErrorMapEnabled is 1', async () => {
    server.handle((_req, res) =>
      sendJson(res, envelope('002001B030', 'Account locked for 30 minutes.', null, { isGwErrorMapEnabled: 1 })),
    );
    const err = await rejection(post('/usercenter/web/v1/login', {}));
    expect(err.code).toBe('002001B030');
    expect(err.message).toBe('Account locked for 30 minutes.');
    expect(err.envelope?.msg).toBe('Account locked for 30 minutes.');
    expect(ui.error).toHaveBeenCalledExactlyOnceWith('Account locked for 30 minutes.');
  });

  it('uses the catalogue message when the gateway map is off, whatever the server msg', async () => {
    server.handle((_req, res) =>
      sendJson(res, envelope('003001B021', 'raw service text', null, { isGwErrorMapEnabled: 0 })),
    );
    const err = await rejection(post('/refund', {}));
    expect(err.message).toBe('Payment can only be refunded once.');
    expect(ui.error).toHaveBeenCalledExactlyOnceWith('Payment can only be refunded once.');
  });

  it('uses the catalogue wording of the system codes', async () => {
    server.handle((_req, res) => sendJson(res, envelope('002001S019', 'boom')));
    const err = await rejection(get('/a'));
    expect(err.message).toBe('System Error. (Code: 002001S019)');
  });

  it("falls back to 'System error. (Code: {code})' for a code the table does not know", async () => {
    server.handle((_req, res) => sendJson(res, envelope('099009B999', 'unmapped')));
    const err = await rejection(get('/a'));
    expect(err.code).toBe('099009B999');
    expect(err.message).toBe('System error. (Code: 099009B999)');
    expect(ui.error).toHaveBeenCalledExactlyOnceWith('System error. (Code: 099009B999)');
  });

  it('shows no toast when the call says showErrorMessage: false, but still rejects', async () => {
    server.handle((_req, res) => sendJson(res, envelope('002001B023')));
    const err = await rejection(get('/a', undefined, { showErrorMessage: false }));
    expect(err.message).toBe('Current page data not exists.');
    expect(ui.error).not.toHaveBeenCalled();
  });
});

describe('in Simplified Chinese', () => {
  afterEach(() => changeLocale('en', { remember: false }));

  it("shows the catalogue's message and its fallback in the app's language, and says the language to the server", async () => {
    await changeLocale('zh-CN', { remember: false });
    server.handle((_req, res) => sendJson(res, envelope('003001B021', 'raw service text')));
    expect((await rejection(post('/refund', {}))).message).toBe('每笔支付只能退款一次。');
    expect(server.requests.at(-1)?.headers['accept-language']).toBe('zh-CN');
    server.handle((_req, res) => sendJson(res, envelope('099009B999', 'unmapped')));
    expect((await rejection(get('/a'))).message).toBe('系统错误。（错误码：099009B999）');
  });
});

describe('HTTP statuses', () => {
  it('431 → 002001B010 "User not login." and the login page, keeping the current path', async () => {
    server.handle((_req, res) => sendJson(res, envelope('002001B010'), 431));
    const err = await rejection(get('/acquiring/web/v1/pay-method/dropdown-configs'));
    expect(err.code).toBe('002001B010');
    expect(err.status).toBe(431);
    expect(err.message).toBe('User not login.');
    expect(ui.toLogin).toHaveBeenCalledExactlyOnceWith('/transactions/payments?status=SUCCESS');
    expect(ui.error).toHaveBeenCalledExactlyOnceWith('User not login.');
  });

  it('431 on an auth page goes to login without pointing back at the auth page', async () => {
    moveDocumentTo(`${server.origin}/app/auth/force_reset_password`);
    server.handle((_req, res) => sendJson(res, envelope('002001B010'), 431));
    await rejection(post('/usercenter/web/v1/force-reset-password', {}));
    expect(ui.toLogin).toHaveBeenCalledExactlyOnceWith(undefined);
  });

  it('430 → 002001B024 "Permission denied." toast, no login redirect', async () => {
    server.handle((_req, res) => sendJson(res, envelope('002001B024'), 430));
    const err = await rejection(post('/acquiring/web/v1/refund', {}));
    expect(err.code).toBe('002001B024');
    expect(err.status).toBe(430);
    expect(err.message).toBe('Permission denied.');
    expect(ui.error).toHaveBeenCalledExactlyOnceWith('Permission denied.');
    expect(ui.toLogin).not.toHaveBeenCalled();
  });

  it('430 on the menu-list call → the login page, silently', async () => {
    server.handle((_req, res) => sendJson(res, envelope('002001B024'), 430));
    const err = await rejection(get(USERCENTER_PATHS.menuList));
    expect(err.code).toBe('002001B024');
    expect(ui.error).not.toHaveBeenCalled();
    expect(ui.toLogin).toHaveBeenCalledExactlyOnceWith('/transactions/payments?status=SUCCESS');
  });

  it('430 on the current-user call → the login page, silently', async () => {
    server.handle((_req, res) => sendJson(res, envelope('002001B024'), 430));
    const err = await rejection(get(USERCENTER_PATHS.currentUser));
    expect(err.code).toBe('002001B024');
    expect(ui.error).not.toHaveBeenCalled();
    expect(ui.toLogin).toHaveBeenCalledOnce();
  });

  it.each([401, 403, 404])('%i → 002000S001 "System Error. (Code: 002000S001)"', async (status) => {
    server.handle((_req, res) => sendJson(res, { error: 'nope' }, status));
    const err = await rejection(get('/a'));
    expect(err.code).toBe('002000S001');
    expect(err.status).toBe(status);
    expect(err.message).toBe('System Error. (Code: 002000S001)');
    expect(ui.error).toHaveBeenCalledExactlyOnceWith('System Error. (Code: 002000S001)');
    expect(ui.toLogin).not.toHaveBeenCalled();
  });

  it('another status → its status text', async () => {
    server.handle((_req, res) => {
      res.writeHead(502, 'Bad Gateway', { 'Content-Type': 'text/html' });
      res.end('<html>bad gateway</html>');
    });
    const err = await rejection(get('/a'));
    expect(err.status).toBe(502);
    expect(err.code).toBe('HTTP_502');
    expect(err.message).toBe('Bad Gateway');
    expect(ui.error).toHaveBeenCalledExactlyOnceWith('Bad Gateway');
  });

  it('a network failure → the error message', async () => {
    const err = await rejection(get('http://127.0.0.1:1/unreachable'));
    expect(err.code).toBe(NETWORK_ERROR_CODE);
    expect(err.message).toBe('Network Error');
    expect(ui.error).toHaveBeenCalledExactlyOnceWith('Network Error');
  });

  it('a call aborted through its signal rejects without a toast', async () => {
    const slow = holdAnswer((res) => sendJson(res, envelope('000000')));
    server.handle(slow.handler);
    const controller = new AbortController();
    const p = get('/slow', undefined, { signal: controller.signal });
    await slow.arrived;
    controller.abort();
    const err = await rejection(p);
    expect(err.code).toBe('CANCELLED');
    expect(ui.error).not.toHaveBeenCalled();
  });
});

describe('error reporting', () => {
  it('reports every rejected call to the service when a DSN is set', async () => {
    vi.stubEnv('VITE_SENTRY_DSN', 'https://public@sentry.example.test/1');
    await initErrorReporting();
    expect(Sentry.init).toHaveBeenCalledWith(expect.objectContaining({ dsn: 'https://public@sentry.example.test/1' }));
    server.handle((_req, res) => sendJson(res, envelope('006001B006'), 200));
    const err = await rejection(post('/account/web/v1/withdraw', { amount: 1 }, { showErrorMessage: false }));
    expect(Sentry.captureException).toHaveBeenCalledExactlyOnceWith(
      err,
      expect.objectContaining({
        extra: expect.objectContaining({
          url: '/account/web/v1/withdraw',
          method: 'POST',
          code: '006001B006',
          status: 200,
        }),
        tags: { code: '006001B006' },
      }),
    );
    server.handle((_req, res) => sendJson(res, {}, 431));
    const err431 = await rejection(get('/b'));
    expect(Sentry.captureException).toHaveBeenLastCalledWith(err431, expect.anything());
  });

  it('sends nothing without a DSN', async () => {
    vi.stubEnv('VITE_SENTRY_DSN', '');
    await initErrorReporting();
    server.handle((_req, res) => sendJson(res, envelope('006001B006')));
    await rejection(post('/account/web/v1/withdraw', {}));
    await vi.dynamicImportSettled(); // a wrongly started lazy load of the SDK would have finished by now
    expect(Sentry.init).not.toHaveBeenCalled();
    expect(Sentry.captureException).not.toHaveBeenCalled();
  });

  it('does not report results (000000, 002001B051)', async () => {
    vi.stubEnv('VITE_SENTRY_DSN', 'https://public@sentry.example.test/1');
    await initErrorReporting();
    server.handle((req, res) => sendJson(res, envelope(req.path === '/a' ? '000000' : '002001B051', 'x')));
    await get('/a');
    await get('/b');
    expect(Sentry.captureException).not.toHaveBeenCalled();
  });
});
