import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../db/client';
import { audit } from '../audit';
import { merchantRecipients } from '../../mail/recipients';
import { webhookEndpointDisabledEmail } from '../../mail/webhook-templates';

/**
 * Switches an endpoint off after config.webhookDisableAfterDays of failed deliveries (the condition
 * is checked again in the UPDATE), audited (WEBHOOK_ENDPOINT_DISABLED, no user) with a mail to the
 * merchant's owners, in one transaction. Its PENDING deliveries wait until it is enabled again.
 * False when it was not disabled (enabled by someone meanwhile, or a delivery got through).
 */
export async function disableFailingEndpoint(
  app: FastifyInstance,
  endpointId: string,
  lastError: string | null,
): Promise<boolean> {
  const disabled = await app.db.transaction(async (tx) => {
    const [row] = rowsOf<{ merchant_id: string; url: string; failing_since: Date | string; merchant_name: string }>(
      await tx.execute(sql`
      UPDATE webhook_endpoints w SET enabled = false, disabled_reason = 'FAILING', updated_at = now()
        FROM merchants m
       WHERE w.id = ${endpointId} AND m.id = w.merchant_id AND w.enabled
         AND w.failing_since <= now() - make_interval(days => ${app.config.webhookDisableAfterDays}::int)
       RETURNING w.merchant_id, w.url, w.failing_since, m.name AS merchant_name`),
    );
    if (!row) return false;
    const failingSince = new Date(row.failing_since);
    await audit(tx, {
      action: 'WEBHOOK_ENDPOINT_DISABLED',
      outcome: 'SUCCESS',
      merchantId: row.merchant_id,
      targetType: 'WEBHOOK_ENDPOINT',
      targetId: endpointId,
      detail: { reason: 'FAILING', url: row.url, failingSince: failingSince.toISOString(), lastError },
    });
    const facts = {
      merchantName: row.merchant_name,
      url: row.url,
      days: Math.max(1, Math.floor((Date.now() - failingSince.getTime()) / 86_400_000)),
      lastError,
      link: `${app.config.publicUrl}/app/settings/integration`,
    };
    for (const to of await merchantRecipients(tx, row.merchant_id, ['OWNER']))
      await app.mailer.enqueue(tx, webhookEndpointDisabledEmail(to, facts));
    return true;
  });
  if (disabled) {
    app.mailer.kick();
    app.log.warn({ endpointId }, 'webhook endpoint disabled after days of failed deliveries');
  }
  return disabled;
}
