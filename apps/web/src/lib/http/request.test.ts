/**
 * The client against a real HTTP server (node:http on 127.0.0.1), through axios's real XHR adapter
 * in jsdom: spec section 7 (base URL, timeout, cookie headers, GET params, body) and the successful
 * outcomes of section 8 (success toast, download, result codes).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEADERS_COOKIE } from '@mbo/contracts/product';
import { setHttpUi } from './http-ui';
import { get, getHttp, post, request } from './request';
import { envelope, holdAnswer, moveDocumentTo, sendJson, startTestServer, type TestServer } from './test-server';

let server: TestServer;
const ui = { success: vi.fn(), error: vi.fn(), toLogin: vi.fn() };
let restoreUi: () => void;

beforeAll(async () => {
  server = await startTestServer();
  moveDocumentTo(`${server.origin}/app/home`);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  restoreUi = setHttpUi(ui);
});
afterEach(() => {
  restoreUi();
  vi.clearAllMocks();
  vi.restoreAllMocks();
  document.cookie = `${HEADERS_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe('section 7: how calls are made', () => {
  it('uses an empty base URL: a relative path goes to the page origin', async () => {
    expect((await getHttp()).defaults.baseURL).toBe('');
    server.handle((_req, res) => sendJson(res, envelope('000000', 'ok', { hello: 'world' })));
    const data = await get<{ hello: string }>('/usercenter/api/v1/merchant-user-manage/current-user');
    expect(data).toEqual({ hello: 'world' });
    expect(server.requests[0].path).toBe('/usercenter/api/v1/merchant-user-manage/current-user');
  });

  it('sets no timeout: a slow answer still arrives', async () => {
    expect((await getHttp()).defaults.timeout).toBe(0);
    const slow = holdAnswer((res) => sendJson(res, envelope('000000', 'ok', 'late')));
    server.handle(slow.handler);
    let settled = false;
    const call = get('/slow').finally(() => (settled = true));
    await slow.arrived;
    expect(settled).toBe(false); // still waiting: the server holds the answer
    slow.release();
    await expect(call).resolves.toBe('late');
  });

  it('adds the headers of the JSON cookie to every call', async () => {
    document.cookie = `${HEADERS_COOKIE}=${encodeURIComponent(JSON.stringify({ 'X-Tenant': 'acme', 'X-Trace': 42 }))}; path=/`;
    server.handle((_req, res) => sendJson(res, envelope('000000')));
    await get('/a');
    await post('/b', { x: 1 });
    for (const req of server.requests) {
      expect(req.headers['x-tenant']).toBe('acme');
      expect(req.headers['x-trace']).toBe('42');
    }
  });

  it('ignores a malformed headers cookie', async () => {
    document.cookie = `${HEADERS_COOKIE}=${encodeURIComponent('{not json')}; path=/`;
    server.handle((_req, res) => sendJson(res, envelope('000000', 'ok', 1)));
    await expect(get('/a')).resolves.toBe(1);
    expect(server.requests[0].headers['x-tenant']).toBeUndefined();
  });

  it('sends GET data as query parameters (arrays as repeated keys), with no body', async () => {
    server.handle((_req, res) => sendJson(res, envelope('000000')));
    await get('/acquiringmerchant/web/v1/dispute-order/status/count', {
      disputeStatus: 'EVIDENCE_REQUIRED',
      status: ['A', 'B'],
    });
    const req = server.requests[0];
    expect(req.method).toBe('GET');
    expect(req.query.get('disputeStatus')).toBe('EVIDENCE_REQUIRED');
    expect(req.query.getAll('status')).toEqual(['A', 'B']);
    expect(req.body).toBe('');
  });

  it('sends the data of other methods as a JSON body', async () => {
    server.handle((_req, res) => sendJson(res, envelope('000000')));
    await post('/usercenter/web/v1/switch-user-access-merchant', { merchantId: 'M2' });
    await request({ url: '/x', method: 'PUT', data: { a: [1, 2] } });
    expect(server.requests[0].method).toBe('POST');
    expect(server.requests[0].headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(server.requests[0].body)).toEqual({ merchantId: 'M2' });
    expect(server.requests[0].url).toBe('/usercenter/web/v1/switch-user-access-merchant');
    expect(server.requests[1].method).toBe('PUT');
    expect(JSON.parse(server.requests[1].body)).toEqual({ a: [1, 2] });
  });

  it('sends the session cookie with the call', async () => {
    document.cookie = 'sid=abc123; path=/';
    server.handle((_req, res) => sendJson(res, envelope('000000')));
    await get('/a');
    expect(server.requests[0].headers.cookie).toContain('sid=abc123');
    document.cookie = 'sid=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });
});

describe('section 8: success', () => {
  it('resolves code 000000 with the envelope, and no toast when the call did not ask', async () => {
    server.handle((_req, res) => sendJson(res, envelope('000000', 'Saved.', { id: 7 })));
    const result = await request<{ id: number }>({ url: '/a', method: 'POST' });
    expect(result).toEqual({ code: '000000', msg: 'Saved.', msg_params: null, data: { id: 7 } });
    expect(ui.success).not.toHaveBeenCalled();
    expect(ui.error).not.toHaveBeenCalled();
  });

  it('shows a success toast with the server msg when the call asked', async () => {
    server.handle((_req, res) => sendJson(res, envelope('000000', 'Member invited.', null)));
    await request({ url: '/a', method: 'POST', showSuccessMessage: true });
    expect(ui.success).toHaveBeenCalledExactlyOnceWith('Member invited.');
  });

  it('saves a blob download under the Content-Disposition name and toasts "download success"', async () => {
    const created: Blob[] = [];
    const createObjectURL = vi.fn((b: Blob) => {
      created.push(b);
      return 'blob:test/1';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    server.handle((_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'text/csv',
        'Content-Disposition': `attachment; filename="payments.csv"; filename*=UTF-8''payments%202026-01.csv`,
      });
      res.end('id,amount\np1,100\n');
    });
    const result = await request<Blob>({ url: '/report/web/v1/export/download', responseType: 'blob' });
    expect(clicks).toHaveLength(1);
    expect(clicks[0].download).toBe('payments 2026-01.csv');
    expect(clicks[0].href).toBe('blob:test/1');
    expect(await created[0].text()).toBe('id,amount\np1,100\n');
    expect(result.data).toBe(created[0]);
    expect(ui.success).toHaveBeenCalledExactlyOnceWith('download success');
    vi.unstubAllGlobals();
  });

  it('treats a blob answer that is an error envelope as an error, saving nothing', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    server.handle((_req, res) => sendJson(res, envelope('012001B039', 'busy')));
    await expect(request({ url: '/dl', responseType: 'blob' })).rejects.toMatchObject({
      code: '012001B039',
      message: 'last export not completed',
    });
    expect(click).not.toHaveBeenCalled();
    expect(ui.success).not.toHaveBeenCalled();
    expect(ui.error).toHaveBeenCalledExactlyOnceWith('last export not completed');
  });

  it('resolves 002001B051 as a result with errMsg = msg, no toast', async () => {
    server.handle((_req, res) => sendJson(res, envelope('002001B051', 'Partially done.', { ok: 3 })));
    const result = await request({ url: '/a', method: 'POST', showSuccessMessage: true });
    expect(result.code).toBe('002001B051');
    expect(result.errMsg).toBe('Partially done.');
    expect(result.data).toEqual({ ok: 3 });
    expect(ui.success).not.toHaveBeenCalled();
    expect(ui.error).not.toHaveBeenCalled();
  });

  it('resolves 002001B063 as a result with errMsg = msg_params.originalMsg when msg is empty, no toast', async () => {
    server.handle((_req, res) =>
      sendJson(res, envelope('002001B063', '', null, { originalMsg: 'Some rows were skipped.' })),
    );
    const result = await request({ url: '/a' });
    expect(result.code).toBe('002001B063');
    expect(result.errMsg).toBe('Some rows were skipped.');
    expect(ui.success).not.toHaveBeenCalled();
    expect(ui.error).not.toHaveBeenCalled();
  });
});
