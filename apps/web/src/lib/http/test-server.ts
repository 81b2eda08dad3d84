/// <reference types="node" />
/**
 * A real HTTP server for the client's unit tests, on 127.0.0.1 and a random port. Each test sets
 * the handler; the server records every request it got.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;

export interface TestServer {
  origin: string;
  requests: RecordedRequest[];
  /** The handler of the next requests (replaced, not stacked). */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/** Answers with an envelope as JSON (HTTP 200 unless told). */
export function sendJson(res: ServerResponse, body: unknown, status = 200, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

/** An answer the server holds until the test releases it: see {@link holdAnswer}. */
export interface HeldAnswer {
  /** The handler to give `server.handle`. */
  handler: Handler;
  /** Settles once a request has reached the server (and its answer is held). */
  arrived: Promise<RecordedRequest>;
  /** Sends the held answer now (at once if the request comes later). */
  release(): void;
}

/**
 * A handler that holds the answer to the next request until the test calls `release()`, so a test
 * of a slow or cancelled call waits for the events themselves (the request reaching the server,
 * the client giving up) rather than for a timer.
 */
export function holdAnswer(answer: (res: ServerResponse) => void): HeldAnswer {
  let released = false;
  let held: ServerResponse | null = null;
  let arrive!: (req: RecordedRequest) => void;
  const arrived = new Promise<RecordedRequest>((resolve) => (arrive = resolve));
  return {
    handler(req, res) {
      held = res;
      arrive(req);
      if (released) answer(res);
    },
    arrived,
    release() {
      if (released) return;
      released = true;
      if (held) answer(held);
    },
  };
}

export async function startTestServer(): Promise<TestServer> {
  let handler: Handler = (_req, res) => sendJson(res, { code: '000000', msg: 'ok', msg_params: null, data: null });
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // CORS for the case the test document is on another origin (it is normally made same-origin).
      const origin = req.headers.origin;
      if (origin) {
        res.setHeader('Access-Control-Allow-Origin', origin);
        res.setHeader('Access-Control-Allow-Credentials', 'true');
        res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
      }
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PUT,DELETE');
        res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
        res.writeHead(204);
        res.end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      Promise.resolve(handler(recorded, res)).catch((err: unknown) => {
        res.writeHead(599);
        res.end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    handle(h) {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

declare const jsdom: { reconfigure(options: { url: string }): void } | undefined;

/** Puts the test document on the server's origin, so relative URLs (baseURL '') reach the server. */
export function moveDocumentTo(url: string): void {
  if (typeof jsdom === 'undefined') throw new Error('these tests need the jsdom environment');
  jsdom.reconfigure({ url });
}

/** An envelope. */
export function envelope(
  code: string,
  msg = '',
  data: unknown = null,
  msg_params: Record<string, unknown> | null = null,
) {
  return { code, msg, msg_params, data };
}
