import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_RESPONSE_KEEP_BYTES } from '@mbo/contracts/integration';
import { guardedLookup, staticRefusal, systemResolver, WebhookAddressRefused, type HostResolver } from './ssrf-guard';
import { timerDeadline, type Deadline } from '../../lib/clock';

export interface AttemptRequest {
  url: string;
  /** The signature headers (signing.ts). */
  headers: Record<string, string>;
  body: string;
  /** The whole attempt (connect, answer and body) must finish within this. */
  timeoutMs: number;
  /** The development flag: http to localhost and loopback addresses allowed. */
  allowLoopback: boolean;
  /** Tests inject a resolver to prove the check at connect time. */
  resolve?: HostResolver;
  /**
   * Arms the deadline: calls `expire` after `ms` and returns what cancels it. setTimeout by default; tests fire it
   * themselves.
   */
  deadline?: Deadline;
  /** The clock durationMs is measured on (ms): performance.now by default; tests set the time. */
  now?: () => number;
}

export interface AttemptResult {
  /** A 2xx answer: delivered. */
  delivered: boolean;
  /** Null when no answer came (refused address, timeout, connection error). */
  statusCode: number | null;
  durationMs: number;
  /** The first 2 kB of the answer's body. */
  responseBody: string | null;
  error: string | null;
}

/** Sockets kept open between attempts to the same receiver (most deliveries go to a few hosts). */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 32, maxFreeSockets: 32 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 32, maxFreeSockets: 32 }),
};
/**
 * An answer's body is read (and thrown away) at most this far, so a socket can be reused; past it the socket is closed.
 */
const DRAIN_LIMIT_BYTES = 256 * 1024;
const USER_AGENT = 'MerchantBackoffice-Webhooks/1.0';

/** PostgreSQL text holds no NUL characters. */
const storable = (text: string) => text.split('\u0000').join('');

/**
 * One POST of a delivery: the address checked when the socket connects (ssrf-guard.ts), redirects
 * not followed (a 3xx is a failed attempt), an overall deadline, and the first 2 kB of the answer
 * kept. Never throws: every outcome is an attempt for the log.
 */
export function deliverAttempt(req: AttemptRequest): Promise<AttemptResult> {
  const now = req.now ?? (() => performance.now());
  const started = now();
  const elapsed = () => Math.round(now() - started);
  const policy = { allowLoopback: req.allowLoopback };
  const refusal = staticRefusal(req.url, policy);
  if (refusal)
    return Promise.resolve({
      delivered: false,
      statusCode: null,
      durationMs: 0,
      responseBody: null,
      error: `Refused: ${refusal}`,
    });
  const url = new URL(req.url);
  const protocol = url.protocol as 'http:' | 'https:';

  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      cancelDeadline();
      resolve({ ...result, durationMs: elapsed() });
    };
    const request = (protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      agent: agents[protocol],
      lookup: guardedLookup(policy, req.resolve ?? systemResolver),
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(req.body),
        'user-agent': USER_AGENT,
        ...req.headers,
      },
    });
    const cancelDeadline = (req.deadline ?? timerDeadline)(() => {
      const error = `Timed out: no complete answer within ${req.timeoutMs} ms`;
      finish({ delivered: false, statusCode: null, responseBody: null, error });
      request.destroy(new Error(error));
    }, req.timeoutMs);

    // Small request, small answer: without this, Nagle and delayed ACKs add ~40 ms to each attempt on a kept-alive
    // socket.
    request.setNoDelay(true);
    request.on('error', (err: NodeJS.ErrnoException) => {
      const reason =
        err instanceof WebhookAddressRefused
          ? err.message
          : `Connection failed: ${err.code ? `${err.code} ` : ''}${err.message}`;
      finish({ delivered: false, statusCode: null, responseBody: null, error: storable(reason).slice(0, 1000) });
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const kept: Buffer[] = [];
      let keptBytes = 0;
      let readBytes = 0;
      const done = () => {
        const body = storable(Buffer.concat(kept).toString('utf8'));
        const delivered = status >= 200 && status < 300;
        let error: string | null = null;
        if (status >= 300 && status < 400)
          error = `HTTP ${status}: redirects are not followed${response.headers.location ? ` (to ${String(response.headers.location).slice(0, 300)})` : ''}`;
        else if (!delivered) error = `HTTP ${status}`;
        finish({ delivered, statusCode: status, responseBody: body, error });
      };
      response.on('data', (chunk: Buffer) => {
        readBytes += chunk.length;
        if (keptBytes < WEBHOOK_RESPONSE_KEEP_BYTES) {
          const part = chunk.subarray(0, WEBHOOK_RESPONSE_KEEP_BYTES - keptBytes);
          kept.push(part);
          keptBytes += part.length;
        }
        if (readBytes > DRAIN_LIMIT_BYTES) {
          done();
          response.destroy();
        }
      });
      response.on('end', done);
      response.on('error', done);
      response.on('aborted', done);
    });
    request.end(req.body);
  });
}
