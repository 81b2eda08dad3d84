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
  cookie = '';
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
    if (this.cookie) headers.cookie = this.cookie;
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
            const setCookie = res.headers['set-cookie'];
            if (setCookie?.length) this.cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
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
