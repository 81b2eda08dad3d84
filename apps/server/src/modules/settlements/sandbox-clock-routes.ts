import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SETTLEMENT_PATHS, type SandboxAdvanceResult } from '@mbo/contracts/settlements';
import {
  sandboxAdvanceRequest,
  sandboxAdvanceResultSchema,
  sandboxClockSchema,
} from '@mbo/contracts/settlements-schemas';
import { ok } from '../../lib/envelope';
import { writes } from '../../lib/route-options';
import { envelopeResponses } from '../../lib/route-responses';
import { runSettlementCycle } from './settle-batches';

const DAY_MS = 86_400_000;

/**
 * The sandbox clock (config.sandboxClock: the embedded demo's default, SANDBOX_CLOCK=true otherwise,
 * refused in production): the active merchant's settlement cycle run as of `days` days from now, so
 * a capture can be followed to a paid settlement in minutes. Only the caller's merchant's batches
 * move; what it does is recorded at the real time. Not registered without the setting (404); GET
 * sandboxClock tells the page whether it is there.
 */
export default async function sandboxClockRoutes(fastify: FastifyInstance) {
  // Whether the clock is there: anyone who sees the batches. Moving it closes and settles batches
  // (money moves): only a role holding its action code (Owner, Admin, Finance; never the Viewer).
  fastify.get(
    SETTLEMENT_PATHS.sandboxClock,
    { config: { access: { menu: '/settlements/batch' } }, schema: { response: envelopeResponses(sandboxClockSchema) } },
    async () => ok({ enabled: fastify.config.sandboxClock }),
  );
  if (!fastify.config.sandboxClock) return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const advance = { permission: 'API_SETTLEMENT_SANDBOX_ADVANCE' } as const;
  app.post(
    SETTLEMENT_PATHS.sandboxAdvance,
    writes(advance, sandboxAdvanceRequest, sandboxAdvanceResultSchema),
    async (request) => {
      const asOf = new Date(Date.now() + request.body.days * DAY_MS);
      const result = await runSettlementCycle(app.db, {
        merchantId: request.auth.merchantId,
        now: asOf,
        recordedAt: new Date(),
        jobs: app.jobs,
      });
      return ok<SandboxAdvanceResult>({ asOf: asOf.toISOString(), ...result });
    },
  );
}
