/**
 * The merchant's webhook receiver for the bench: a real HTTP server on loopback that checks each delivery's signature
 * (Standard Webhooks, the endpoint's secret) and counts the deliveries of each event id (`webhook-id`).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface WebhookReceiver {
  url: string;
  /** Event id → deliveries received with a valid signature. */
  received: Map<string, number>;
  /** Event id → when (Date.now()) its first delivery came. */
  firstAt: Map<string, number>;
  badSignatures: number;
  useSecret(secret: string): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received = new Map<string, number>();
  const firstAt = new Map<string, number>();
  let verifier: Webhook | undefined;
  const receiver = {
    url: '',
    received,
    firstAt,
    badSignatures: 0,
    useSecret(secret: string) {
      verifier = new Webhook(secret);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = req.headers['webhook-id'];
      try {
        if (!verifier || typeof id !== 'string') throw new Error('no secret or no webhook-id');
        verifier.verify(Buffer.concat(chunks).toString(), req.headers as Record<string, string>);
      } catch {
        receiver.badSignatures++;
        res.writeHead(400).end('bad signature');
        return;
      }
      received.set(id, (received.get(id) ?? 0) + 1);
      if (!firstAt.has(id)) firstAt.set(id, Date.now());
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  return receiver;
}
