import { eq } from 'drizzle-orm';
import type { WithdrawalHours, WithdrawClosedReason } from '@mbo/contracts/withdrawals';
import type { DbOrTx } from '../../db/client';
import { merchants } from '../../db/schema';
import { addDays, dayOf, weekdayOf, workingDayCalendar, zonedInstant } from '../../lib/working-days';

/** @reads merchants (tables other modules own: db/table-owners.ts) */

export interface HoursVerdict {
  open: boolean;
  /** Why it is closed (not its day, a holiday, before or after its hours), null when open. */
  reason: WithdrawClosedReason | null;
  /** When it opens next (null when open, or when it never opens: no day chosen). */
  nextOpenAt: Date | null;
}

/** The merchant's withdrawal hours (merchant settings; the zone is the merchant's). */
export async function withdrawalHoursOf(db: DbOrTx, merchantId: string): Promise<WithdrawalHours> {
  const [row] = await db
    .select({
      days: merchants.withdrawDays,
      open: merchants.withdrawOpen,
      close: merchants.withdrawClose,
      timeZone: merchants.timeZone,
      holidayCountry: merchants.withdrawHolidayCountry,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (!row) throw new Error(`merchant ${merchantId} not found`);
  // PGlite gives a smallint[] as an array, node-postgres as an array too; a text form is parsed for safety.
  const raw: unknown = row.days;
  const days = Array.isArray(raw)
    ? raw.map(Number)
    : String(raw).replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
  return { ...row, days: days.sort() };
}

/** A closing time of "24:00" is the next day's midnight. */
function closeInstant(day: string, close: string, timeZone: string): Date {
  return close === '24:00' ? zonedInstant(addDays(day, 1), '00:00', timeZone) : zonedInstant(day, close, timeZone);
}

/** Why the desk is closed all of `day`, or null when it opens that day. */
function closedDayReason(hours: WithdrawalHours, day: string): WithdrawClosedReason | null {
  const weekday = weekdayOf(day);
  if (!hours.days.includes(weekday)) return { code: 'DAY_OFF', values: { weekday } };
  const holiday = hours.holidayCountry ? workingDayCalendar(hours.holidayCountry).holidayName(day) : null;
  return holiday ? { code: 'HOLIDAY', values: { name: holiday } } : null;
}

/**
 * Whether withdrawals are open at `now`: on one of the merchant's days, not a public holiday of its
 * calendar, from `open` to `close` in its zone (open inclusive, close exclusive). When closed, why
 * and when it opens next (looking up to 30 days ahead).
 */
export function withdrawalHoursAt(hours: WithdrawalHours, now: Date): HoursVerdict {
  const today = dayOf(now, hours.timeZone);
  const dayReason = closedDayReason(hours, today);
  const opensToday = zonedInstant(today, hours.open, hours.timeZone);
  const closesToday = closeInstant(today, hours.close, hours.timeZone);
  if (!dayReason && now >= opensToday && now < closesToday) return { open: true, reason: null, nextOpenAt: null };
  const reason: WithdrawClosedReason =
    dayReason ??
    (now < opensToday
      ? { code: 'BEFORE_OPENING', values: { time: hours.open } }
      : { code: 'AFTER_CLOSING', values: { time: hours.close } });
  if (!dayReason && now < opensToday) return { open: false, reason, nextOpenAt: opensToday };
  for (let i = 1; i <= 30; i += 1) {
    const day = addDays(today, i);
    if (!closedDayReason(hours, day))
      return { open: false, reason, nextOpenAt: zonedInstant(day, hours.open, hours.timeZone) };
  }
  return { open: false, reason, nextOpenAt: null };
}
