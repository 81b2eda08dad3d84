import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { webhookEndpoints } from '../../db/integration-schema';
import { merchants } from '../../db/schema';
import { audit } from '../audit';
import { merchantRecipientsIn, type MailAudience } from '../../mail/recipients';
import { webhookEndpointDisabledEmail } from '../../mail/webhook-templates';

/** @reads merchants (tables other modules own: db/table-owners.ts) */

/**
 * Who is told that an endpoint was switched off: the members (of the merchant and its parent) who may change the
 * webhook settings: Owners, and a custom role that may.
 */
const WEBHOOK_AUDIENCE: MailAudience = { may: { permission: 'API_INTEGRATION_UPDATE' }, builtIn: ['OWNER'] };

/**
 * Switches an endpoint off after config.webhookDisableAfterDays of failed deliveries (the condition
 * is checked again in the UPDATE), audited (WEBHOOK_ENDPOINT_DISABLED, no user) with a mail to
 * WEBHOOK_AUDIENCE (each in their language), in one transaction. Its PENDING deliveries wait until it is enabled again.
 * False when it was not disabled (enabled by someone meanwhile, or a delivery got through).
 */
export async function disableFailingEndpoint(
  app: FastifyInstance,
  endpointId: string,
  lastError: string | null,
): Promise<boolean> {
  const disabled = await app.db.transaction(async (tx) => {
    const w = webhookEndpoints;
    const [row] = await tx
      .update(w)
      .set({ enabled: false, disabledReason: 'FAILING', updatedAt: sql`now()` })
      .from(merchants)
      .where(
        and(
          eq(w.id, endpointId),
          eq(merchants.id, w.merchantId),
          eq(w.enabled, true),
          lte(w.failingSince, sql`now() - make_interval(days => ${app.config.webhookDisableAfterDays}::int)`),
        ),
      )
      .returning({ merchantId: w.merchantId, url: w.url, failingSince: w.failingSince, merchantName: merchants.name });
    if (!row) return false;
    // The WHERE compared failing_since: a disabled endpoint has its failure streak.
    const failingSince = row.failingSince;
    if (failingSince === null) throw new Error(`webhook endpoint ${endpointId} disabled without a failure streak`);
    await audit(tx, {
      action: 'WEBHOOK_ENDPOINT_DISABLED',
      outcome: 'SUCCESS',
      merchantId: row.merchantId,
      targetType: 'WEBHOOK_ENDPOINT',
      targetId: endpointId,
      detail: { reason: 'FAILING', url: row.url, failingSince: failingSince.toISOString(), lastError },
    });
    const facts = {
      merchantName: row.merchantName,
      url: row.url,
      days: Math.max(1, Math.floor((Date.now() - failingSince.getTime()) / 86_400_000)),
      lastError,
      link: `${app.config.publicUrl}/app/settings/integration`,
    };
    for (const { email, locale } of await merchantRecipientsIn(tx, row.merchantId, WEBHOOK_AUDIENCE))
      await app.mailer.enqueue(tx, webhookEndpointDisabledEmail(email, facts, locale));
    return true;
  });
  if (disabled) {
    app.mailer.kick();
    app.log.warn({ endpointId }, 'webhook endpoint disabled after days of failed deliveries');
  }
  return disabled;
}
