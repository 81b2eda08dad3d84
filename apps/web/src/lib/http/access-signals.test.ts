/**
 * The access signals the client sends the shell, against a real HTTP server: 430 on a page's call
 * (the role changed: reload the menus), 002001B040 (two-factor set-up required: show the panel, no
 * toast), and none where the client already goes to the login page (431, 430 on the menus).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { emitAccessSignal, onAccessSignal, type AccessSignal } from './access-signals';
import { setHttpUi } from './http-ui';
import { ApiError, get, post } from './request';
import { envelope, moveDocumentTo, sendJson, startTestServer, type TestServer } from './test-server';

let server: TestServer;
const ui = { success: vi.fn(), error: vi.fn(), toLogin: vi.fn() };
const signals: AccessSignal[] = [];
let restoreUi: () => void;
let stopListening: () => void;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  moveDocumentTo(`${server.origin}/app/settings/team`);
  restoreUi = setHttpUi(ui);
  stopListening = onAccessSignal((signal) => signals.push(signal));
});
afterEach(() => {
  stopListening();
  restoreUi();
  signals.length = 0;
  vi.clearAllMocks();
});

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  const err: unknown = await p.then(
    () => new Error('expected the call to reject'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('access signals', () => {
  it("430 on a page's call: the permission toast, and 'permission-denied' for the shell", async () => {
    server.handle((_req, res) => sendJson(res, envelope('002001B024'), 430));
    const err = await rejection(post('/usercenter/web/v1/merchant-user-manage/list', {}));
    expect(err.status).toBe(430);
    expect(ui.error).toHaveBeenCalledExactlyOnceWith('Permission denied.');
    expect(signals).toEqual(['permission-denied']);
    expect(ui.toLogin).not.toHaveBeenCalled();
  });

  it('no signal for a 430 on the menus or the current user (the login page) nor on the permission map itself', async () => {
    server.handle((_req, res) => sendJson(res, envelope('002001B024'), 430));
    await rejection(get(USERCENTER_PATHS.menuList));
    await rejection(get(USERCENTER_PATHS.currentUser));
    await rejection(get(USERCENTER_PATHS.isPermissionAllowed, { permissionCodes: 'A' }));
    expect(signals).toEqual([]);
    expect(ui.toLogin).toHaveBeenCalledTimes(2);
  });

  it("002001B040: no toast, 'two-factor-setup-required' for the shell, and the call still rejects", async () => {
    server.handle((_req, res) =>
      sendJson(
        res,
        envelope('002001B040', 'Your merchant requires two-factor sign-in. Set it up to continue.', null, {
          isGwErrorMapEnabled: 1,
        }),
      ),
    );
    const err = await rejection(post('/acquiring/web/v1/payment/list', {}));
    expect(err.code).toBe('002001B040');
    expect(ui.error).not.toHaveBeenCalled();
    expect(signals).toEqual(['two-factor-setup-required']);
  });

  it("a disabled user's next call (431) goes to the login page, with no signal", async () => {
    server.handle((_req, res) => sendJson(res, envelope('002001B010'), 431));
    await rejection(get('/acquiring/web/v1/pay-method/dropdown-configs'));
    expect(ui.toLogin).toHaveBeenCalledExactlyOnceWith('/settings/team');
    expect(signals).toEqual([]);
  });

  it('a listener that throws does not keep the others from hearing', () => {
    stopListening();
    const stop = onAccessSignal(() => {
      throw new Error('boom');
    });
    stopListening = onAccessSignal((signal) => signals.push(signal));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    emitAccessSignal('permission-denied');
    stop();
    quiet.mockRestore();
    expect(signals).toEqual(['permission-denied']);
  });
});
