/**
 * Settles generated history as the running server would have: the settlement cycle (close the
 * batches past their cut-off, settle the closed batches that are due) run once per day of the
 * history, at 12:00 UTC (inside the same calendar day from UTC−11 to UTC+11, so each day's batches
 * settle on their due day), then once at `now`. The real job's code, with the clock moved.
 */
import type { Db } from '../db/client';
import { addDays, dayOf } from '../lib/working-days';
import { runSettlementCycle, type SettleResult } from '../modules/settlements';

export async function replaySettlements(
  db: Db,
  options: { merchantId?: string; from: Date; now: Date },
): Promise<SettleResult> {
  const total: SettleResult = { closed: 0, settlements: 0, batches: 0 };
  const add = (r: SettleResult) => {
    total.closed += r.closed;
    total.settlements += r.settlements;
    total.batches += r.batches;
  };
  const today = dayOf(options.now, 'UTC');
  for (let day = dayOf(options.from, 'UTC'); day < today; day = addDays(day, 1)) {
    add(await runSettlementCycle(db, { merchantId: options.merchantId, now: new Date(`${day}T12:00:00Z`) }));
  }
  add(await runSettlementCycle(db, { merchantId: options.merchantId, now: options.now }));
  return total;
}
