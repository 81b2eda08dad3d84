import { and, asc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { events } from '../../db/payments-schema';
import { iso } from '../../lib/iso-timestamp';

/**
 * Every entity's timeline (table `events`, owned here): what happened to a payment, refund, dispute,
 * payout, payout batch, withdrawal or agreement, in the order it happened, as its detail page shows it.
 * Entries are appended in the caller's transaction, so a move and its entry commit together.
 */
export type TimelineEntry = typeof events.$inferInsert;

/** One entity the timeline is kept for. */
export interface TimelineSubject {
  entityType: string;
  entityId: string;
}

/** A timeline entry as the detail answers carry it. */
export interface TimelineEvent {
  type: string;
  status: string | null;
  note: string | null;
  actor: string | null;
  createdAt: string;
}

/** Appends entries (one or several: one INSERT) in the caller's transaction. */
export async function appendTimeline(tx: DbOrTx, entries: TimelineEntry | TimelineEntry[]): Promise<void> {
  const rows = Array.isArray(entries) ? entries : [entries];
  if (rows.length) await tx.insert(events).values(rows);
}

/** The merchant's timeline of one or more entities (a payout and its batch), oldest first. */
export async function readTimeline(
  db: DbOrTx,
  merchantId: string,
  ...subjects: TimelineSubject[]
): Promise<TimelineEvent[]> {
  const rows = await db
    .select({
      type: events.type,
      status: events.status,
      note: events.note,
      actor: events.actor,
      createdAt: events.createdAt,
    })
    .from(events)
    .where(
      and(
        eq(events.merchantId, merchantId),
        or(...subjects.map((s) => and(eq(events.entityType, s.entityType), eq(events.entityId, s.entityId)))),
      ),
    )
    .orderBy(asc(events.createdAt), asc(events.id));
  return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt) }));
}

/** An entry's status where the answer requires one (every writer of those entities sets it): a missing one throws. */
export function statusOf(event: TimelineEvent): string {
  if (event.status === null) throw new Error(`A ${event.type} timeline entry has no status`);
  return event.status;
}
