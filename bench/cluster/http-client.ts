/**
 * A small HTTP client for the bench's virtual users: keep-alive connections from a loopback source address of its own
 * (127.x.y.z: each is a client address for the balancer, which passes it on in X-Forwarded-For, so per-address
 * limits see distinct clients), a session cookie, and answers that never throw: a network error is status 0.
 */
import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  ms: number;
  /** The instance that answered (the balancer's X-Served-By). */
  servedBy: string | undefined;
  /** Method and path, ids left out: `POST /pay/:id`. */
  what: string;
  error?: string;
}

export interface RequestOptions {
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** Another source address for this request alone. */
  localAddress?: string;
  timeoutMs?: number;
}

export class Client {
  /** The cookies the server set, by name (a later Set-Cookie replaces one; an empty value or Max-Age=0 removes it). */
  private readonly cookies = new Map<string, string>();
  private readonly agent: http.Agent;

  constructor(
    private readonly base: URL,
    private readonly localAddress?: string,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  }

  request(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    let payload: Buffer | undefined;
    if (options.json !== undefined) {
      payload = Buffer.from(JSON.stringify(options.json));
      headers['content-type'] = 'application/json';
    } else if (options.form) {
      payload = Buffer.from(new URLSearchParams(options.form).toString());
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    if (payload) headers['content-length'] = String(payload.length);
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const started = performance.now();
    return new Promise<Answer>((resolve) => {
      const done = (answer: Omit<Answer, 'ms' | 'servedBy' | 'what'>) =>
        resolve({
          ...answer,
          what: `${method} ${path.split('?')[0].replace(/\/[0-9A-Za-z]{12,}(?=\/|$)/g, '/:id')}`,
          ms: performance.now() - started,
          servedBy: typeof answer.headers['x-served-by'] === 'string' ? answer.headers['x-served-by'] : undefined,
        });
      const req = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          method,
          path,
          headers,
          agent: this.agent,
          localAddress: options.localAddress ?? this.localAddress,
          timeout: options.timeoutMs ?? 30_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            for (const line of res.headers['set-cookie'] ?? []) {
              const [pair, ...attributes] = line.split(';');
              const at = pair.indexOf('=');
              const name = pair.slice(0, at).trim();
              const value = pair.slice(at + 1).trim();
              const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
              if (!value || expired) this.cookies.delete(name);
              else this.cookies.set(name, value);
            }
            done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
          });
          res.on('error', (err) =>
            done({ status: 0, headers: res.headers, body: Buffer.alloc(0), error: err.message }),
          );
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', (err) => done({ status: 0, headers: {}, body: Buffer.alloc(0), error: err.message }));
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The envelope of a back-office answer ({ code, msg, data }), or undefined when the body is not one. */
export function envelopeOf<T>(answer: Answer): { code: string; msg: string; data: T } | undefined {
  try {
    const body = JSON.parse(answer.body.toString()) as { code?: unknown; msg?: unknown; data?: unknown };
    return typeof body.code === 'string' ? (body as { code: string; msg: string; data: T }) : undefined;
  } catch {
    return undefined;
  }
}

/** Distinct loopback source addresses: 127.<block>.x.y, one per call. */
export function addressPool(block: number): () => string {
  let next = 1;
  return () => {
    let n = next++;
    if ((n & 255) === 0) n = next++;
    return `127.${block}.${(n >> 8) & 255}.${n & 255}`;
  };
}
