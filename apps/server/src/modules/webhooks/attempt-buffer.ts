import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookEndpoints } from '../../db/integration-schema';
import type { AttemptResult } from './deliver-attempt';

interface BufferedAttempt {
  deliveryId: string;
  attempt: number;
  at: Date;
  result: AttemptResult;
  /** Seconds to the next attempt; null when the attempts are used up (or it was delivered). */
  retryIn: number | null;
}

/**
 * Attempt outcomes written together: every attempt is sent at once, in order, and its outcome is
 * written with the others of a short window (at most `maxSize`, or `maxAgeMs` after the first), one
 * statement for all (deliveries updated, attempts inserted) and at most one for the endpoint's
 * failure streak. This keeps a fast receiver's per-delivery cost at the HTTP round trip. A process
 * that dies before a write sends those deliveries again later (at least once; the receiver
 * de-duplicates by webhook-id).
 */
export class AttemptBuffer {
  private items: BufferedAttempt[] = [];
  private firstAt = 0;

  constructor(
    private readonly db: Db,
    private readonly endpointId: string,
    /** The endpoint's failure streak as last read or written (failing_since). */
    public failingSince: Date | null,
    private readonly maxSize: number,
    private readonly maxAgeMs: number,
  ) {}

  add(item: BufferedAttempt): void {
    if (this.items.length === 0) this.firstAt = Date.now();
    this.items.push(item);
  }

  get full(): boolean {
    return this.items.length >= this.maxSize || (this.items.length > 0 && Date.now() - this.firstAt >= this.maxAgeMs);
  }

  /** Writes what is buffered. Each delivery row changes only from the state it was read in (a retry racing it wins). */
  async flush(): Promise<void> {
    const items = this.items;
    if (items.length === 0) return;
    this.items = [];
    const rows = items.map((i) => {
      const status = i.result.delivered ? 'SUCCEEDED' : i.retryIn === null ? 'FAILED' : 'PENDING';
      return sql`(${i.deliveryId}::text, ${i.attempt}::int, ${status}::text, ${i.retryIn ?? 0}::float8, ${i.result.statusCode}::int,
        ${i.result.error}::text, ${i.at.toISOString()}::timestamptz, ${i.result.durationMs}::int, ${i.result.responseBody}::text)`;
    });
    await this.db.execute(sql`
      WITH r (id, attempt, status, retry_secs, status_code, error, attempted_at, duration_ms, response_body) AS (VALUES ${sql.join(rows, sql`, `)}),
      d AS (
        UPDATE webhook_deliveries w
           SET attempts = r.attempt, status = r.status,
               next_attempt_at = CASE WHEN r.status = 'PENDING' THEN now() + make_interval(secs => r.retry_secs) END,
               last_status_code = r.status_code, last_error = r.error,
               finished_at = CASE WHEN r.status = 'PENDING' THEN NULL ELSE now() END
          FROM r
         WHERE w.id = r.id AND w.status = 'PENDING' AND w.attempts = r.attempt - 1
        RETURNING w.id)
      INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at, status_code, duration_ms, response_body, error)
      SELECT r.id, r.attempt, r.attempted_at, r.status_code, r.duration_ms, r.response_body, r.error
        FROM r JOIN d ON d.id = r.id
       ORDER BY r.attempted_at`);
    await this.writeStreak(items);
  }

  /**
   * failing_since is the first failed attempt since the last delivered one: cleared by a delivered
   * attempt, set by the first failure after it (the first of this window when none was running).
   */
  private async writeStreak(items: BufferedAttempt[]): Promise<void> {
    const lastDelivered = items.map((i) => i.result.delivered).lastIndexOf(true);
    const firstFailureAfter = items.slice(lastDelivered + 1).find((i) => !i.result.delivered);
    if (lastDelivered >= 0) {
      const next = firstFailureAfter?.at ?? null;
      if (this.failingSince === null && next === null) return;
      await this.db.execute(
        sql`UPDATE webhook_endpoints SET failing_since = ${next?.toISOString() ?? null}::timestamptz WHERE id = ${this.endpointId}`,
      );
      this.failingSince = next;
    } else if (this.failingSince === null && firstFailureAfter) {
      const w = webhookEndpoints;
      const [row] = await this.db
        .update(w)
        .set({ failingSince: sql`COALESCE(${w.failingSince}, ${firstFailureAfter.at.toISOString()}::timestamptz)` })
        .where(eq(w.id, this.endpointId))
        .returning({ failingSince: w.failingSince });
      this.failingSince = row?.failingSince ?? null;
    }
  }
}
