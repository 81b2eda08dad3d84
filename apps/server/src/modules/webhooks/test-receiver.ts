import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
}

export interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Answer only once this settles (a slow receiver; one that never settles never answers). */
  hold?: Promise<unknown>;
}

export interface TestReceiver {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** How the next requests are answered (the nth request gets answer(n), counting from 0). */
  answer: (n: number, req: ReceivedWebhook) => Answer;
  close(): Promise<void>;
}

/** A real webhook receiver on 127.0.0.1 (node:http) that keeps every request and answers as told. Test support only. */
export async function startReceiver(
  answer: (n: number, req: ReceivedWebhook) => Answer = () => ({ status: 200, body: 'ok' }),
): Promise<TestReceiver> {
  const receiver: TestReceiver = { url: '', port: 0, received: [], answer, close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      const got = { headers, body: Buffer.concat(chunks).toString('utf8') };
      const n = receiver.received.length;
      receiver.received.push(got);
      const a = receiver.answer(n, got);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(a.status, { 'content-type': 'text/plain', ...a.headers });
        res.end(a.body ?? '');
      };
      if (a.hold) void a.hold.then(send, send);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.port = port;
  receiver.url = `http://127.0.0.1:${port}/hooks`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
