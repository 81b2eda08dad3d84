import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import { NO_METRICS } from '../lib/metrics-recorder';
import { createSeries, UNMATCHED_ROUTE } from './metrics-series';

export const METRICS_PATH = '/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics listener (METRICS_PORT) once the app is ready; null without one. */
    metricsListener: { address(): AddressInfo | null };
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether the request carries `Authorization: Bearer <token>`, compared in constant time (both sides
 * hashed first, so neither the token's length nor its content shows in the timing).
 */
export function bearerMatches(request: Pick<FastifyRequest, 'headers'>, token: string): boolean {
  const header = request.headers.authorization;
  const given = typeof header === 'string' && /^Bearer /i.test(header) ? header.slice(7).trim() : '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * The metrics listener: GET (or HEAD) /metrics and nothing else (404), no session, no envelope. Bound
 * to config.metrics.host (127.0.0.1 by default), so only the machine or the network it names can scrape.
 */
function metricsServer(registry: Registry, log: FastifyInstance['log']): http.Server {
  return http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      (err: unknown) => {
        log.error({ err }, 'metrics: the scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The metrics could not be read');
      },
    );
  });
}

/**
 * Operations metrics in the Prometheus text format (the README's "Metrics and traces"), never public:
 * - METRICS_PORT: a listener of its own on METRICS_HOST (default 127.0.0.1) that answers GET /metrics only;
 * - METRICS_TOKEN: GET /metrics on the main port with `Authorization: Bearer <token>`; a wrong or missing
 *   token gets the very answer of an unknown route (reply.callNotFound), so the endpoint is not advertised.
 * Neither set: no endpoint, no registry and no request timing; app.metrics records nothing (NO_METRICS).
 *
 * Decorates `app.metrics` (lib/metrics-recorder.ts), what the modules call where their work finishes.
 */
async function metricsPlugin(app: FastifyInstance) {
  const { port, host, token } = app.config.metrics;
  let listener: http.Server | null = null;
  app.decorate('metricsListener', {
    address: () => (listener?.address() as AddressInfo | null | undefined) ?? null,
  });
  if (port === undefined && token === undefined) {
    app.decorate('metrics', NO_METRICS);
    return;
  }
  const { registry, recorder, httpDuration } = createSeries({ database: app.database, jobs: app.jobs, log: app.log });
  app.decorate('metrics', recorder);

  // Every answer, by its route's template (never the URL: no ids in labels); scrapes of the main port are left out.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route === METRICS_PATH) return;
    httpDuration.observe(
      { route: route ?? UNMATCHED_ROUTE, method: request.method, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  if (token !== undefined) {
    app.get(
      METRICS_PATH,
      { config: { access: 'public' }, logLevel: 'warn', schema: { hide: true } },
      async (request, reply) => {
        if (!bearerMatches(request, token)) return reply.callNotFound();
        return reply.type(registry.contentType).send(await registry.metrics());
      },
    );
  }

  if (port !== undefined) {
    app.addHook('onReady', async () => {
      const server = metricsServer(registry, app.log);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      listener = server;
      const bound = server.address() as AddressInfo;
      app.log.info(`metrics on http://${host}:${bound.port}${METRICS_PATH}`);
    });
  }
  app.addHook('onClose', async () => {
    const server = listener;
    listener = null;
    if (server) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A scraper keeps its connection alive between scrapes: end it now rather than at its idle timeout.
      server.closeAllConnections();
      await closed;
    }
    registry.clear();
  });
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['jobs'] });
