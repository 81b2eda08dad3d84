import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEvent {
  action: string;
  outcome: 'SUCCESS' | 'FAILURE';
  actorUserId?: string | null;
  actorEmail?: string | null;
  merchantId?: string | null;
  ip?: string | null;
  targetType?: string;
  targetId?: string;
  detail?: Record<string, unknown>;
}

/** Who, what, when (UTC, by the database), outcome, IP, which record. Rows are append-only. */
export async function audit(db: DbOrTx, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    action: event.action,
    outcome: event.outcome,
    actorUserId: event.actorUserId ?? null,
    actorEmail: event.actorEmail ?? null,
    merchantId: event.merchantId ?? null,
    ip: event.ip ?? null,
    targetType: event.targetType ?? null,
    targetId: event.targetId ?? null,
    detail: event.detail ?? {},
  });
}
