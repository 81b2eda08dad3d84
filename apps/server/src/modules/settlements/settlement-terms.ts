/**
 * Settlement terms: which clearing batch a capture joins, when that batch closes and on which day it
 * settles. Pure and database-free, so batch assignment at capture, the close job, the settle job, the
 * estimation page and a payment's "expected settlement" all agree by construction: each of them asks
 * these functions and nothing else.
 *
 * The terms are a pay-in service's: T+N working days (`settlementCycleDays`), a daily cut-off
 * (`cutoffTime`, 'HH:MM' on the wall clock of `timeZone`) and the calendar of `settlementCountry`
 * (working-days.ts: weekends and the holidays that close a whole day).
 *
 * Rules:
 * - The capture instant's day is its calendar day in the terms' time zone (dayOf), not the server's
 *   or UTC's: 00:30 on Tuesday in Singapore is a Tuesday capture, though UTC still says Monday.
 * - A capture strictly before a working day's cut-off joins that day's batch. At the cut-off or after
 *   it, or on a weekend or a holiday, it joins the next working day's batch. That working day is the
 *   batch's business day: its cut-off (zonedInstant, so daylight saving moves it in UTC) closes it.
 * - The batch is due T+N working days after its business day (nthWorkingDayAfter): T+0 settles on the
 *   business day itself, T+1 on the next working day; a due day never falls on a weekend or holiday,
 *   so a batch that "would" be due on one settles on the next working day.
 * - A batch is closed from its cut-off instant on (the instant a capture starts joining the next one),
 *   and due from the first moment of its due day in the terms' zone: the settle job pays it at any
 *   time of that day, or later when it catches up after downtime.
 *
 * Terms that break the pay-in service's constraints (a cycle outside 0 to 30, a cut-off outside 00:00
 * to 23:59, a zone Intl does not know, a country the holiday library does not cover) are a RangeError
 * naming the field: a wrong settlement day must never be computed quietly.
 */
import { isSupportedCurrency } from '@mbo/contracts/money';
import { SETTLEMENT_CYCLE_MAX_DAYS, type PayinServiceRecord } from '@mbo/contracts/payin-services';
import {
  MAX_RANGE_DAYS,
  addDays,
  dayOf,
  daysBetween,
  isCalendarCountry,
  isCalendarDay,
  workingDayCalendar,
  zonedInstant,
} from '../../lib/working-days';
import { isTimeZone } from '../../lib/zoned-time';

/** A pay-in service's settlement terms: a service record (or a resolved service) can be passed as it is. */
export type SettlementTerms = Pick<
  PayinServiceRecord,
  'settlementCycleDays' | 'cutoffTime' | 'timeZone' | 'settlementCountry'
>;

/** One clearing batch of a set of terms, named by its business day. */
export interface BatchWindow {
  /** 'YYYY-MM-DD': the working day whose cut-off closes the batch. */
  businessDay: string;
  /** The cut-off instant of the business day: captures before it are in, captures at or after it are not. */
  closesAt: Date;
  /** 'YYYY-MM-DD': the working day the batch settles on (T+N working days after the business day). */
  dueDay: string;
}

const CUTOFF_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const KEY_SEPARATOR = '|';

/** Throws a RangeError naming the first field of `terms` that no pay-in service could hold. */
export function assertSettlementTerms(terms: SettlementTerms): void {
  const { settlementCycleDays: cycle, cutoffTime, timeZone, settlementCountry } = terms;
  if (!Number.isInteger(cycle) || cycle < 0 || cycle > SETTLEMENT_CYCLE_MAX_DAYS) {
    throw new RangeError(
      `Invalid settlementCycleDays ${String(cycle)}: expected an integer from 0 to ${SETTLEMENT_CYCLE_MAX_DAYS} (T+0 to T+${SETTLEMENT_CYCLE_MAX_DAYS}).`,
    );
  }
  if (typeof cutoffTime !== 'string' || !CUTOFF_PATTERN.test(cutoffTime)) {
    throw new RangeError(`Invalid cutoffTime ${JSON.stringify(cutoffTime)}: expected HH:MM from 00:00 to 23:59.`);
  }
  if (!isTimeZone(timeZone)) {
    throw new RangeError(`Invalid timeZone ${JSON.stringify(timeZone)}: expected an IANA zone such as Asia/Singapore.`);
  }
  if (typeof settlementCountry !== 'string' || !isCalendarCountry(settlementCountry)) {
    throw new RangeError(
      `Invalid settlementCountry ${JSON.stringify(settlementCountry)}: expected an ISO 3166-1 alpha-2 code the holiday calendar covers.`,
    );
  }
}

/** The batch a capture at `capturedAt` joins under `terms` (see the rules above). */
export function batchWindowOf(terms: SettlementTerms, capturedAt: Date): BatchWindow {
  assertSettlementTerms(terms);
  const calendar = workingDayCalendar(terms.settlementCountry);
  const day = dayOf(capturedAt, terms.timeZone); // a RangeError for an invalid Date
  const today = calendar.isWorkingDay(day) && capturedAt.getTime() < cutoffOf(terms, day).getTime();
  return windowOfBusinessDay(terms, today ? day : calendar.nextWorkingDay(day));
}

/** The day a capture at `capturedAt` is expected to settle on: its batch's due day. */
export function expectedSettlementDay(terms: SettlementTerms, capturedAt: Date): string {
  return batchWindowOf(terms, capturedAt).dueDay;
}

/**
 * Every batch whose business day lies from `fromDay` to `toDay` (both included, at most 366 days), in
 * order: one per working day. Batch i holds the captures from batch i−1's closesAt (included) to its
 * own (excluded), so set-based SQL can assign captures by instant ranges, and estimation can list due
 * days, with exactly the answers batchWindowOf gives one capture at a time.
 */
export function batchWindowsBetween(terms: SettlementTerms, fromDay: string, toDay: string): BatchWindow[] {
  assertSettlementTerms(terms);
  if (!isCalendarDay(fromDay))
    throw new RangeError(`Invalid fromDay ${JSON.stringify(fromDay)}: expected a calendar day as YYYY-MM-DD.`);
  if (!isCalendarDay(toDay))
    throw new RangeError(`Invalid toDay ${JSON.stringify(toDay)}: expected a calendar day as YYYY-MM-DD.`);
  const length = daysBetween(fromDay, toDay) + 1;
  if (length < 1) throw new RangeError(`Invalid range: toDay (${toDay}) is before fromDay (${fromDay}).`);
  if (length > MAX_RANGE_DAYS)
    throw new RangeError(`Invalid range ${fromDay} to ${toDay}: ${length} days, at most ${MAX_RANGE_DAYS}.`);
  const calendar = workingDayCalendar(terms.settlementCountry);
  const windows: BatchWindow[] = [];
  for (let i = 0; i < length; i++) {
    const day = addDays(fromDay, i);
    if (calendar.isWorkingDay(day)) windows.push(windowOfBusinessDay(terms, day));
  }
  return windows;
}

/**
 * The stable key of a batch: merchant, currency, cycle (T+N), settlement country, business day and
 * the UTC instant of its cut-off. Two captures with equal keys are in the same batch.
 *
 * The cut-off time and the zone are not in the key as such: the closesAt instant is what they decide
 * (the business day's cut-off, placed by the zone). Two services that differ in cut-off or zone but
 * close on the same business day at the same instant, in the same country and cycle, have batches
 * that close together and settle together, so one batch holds both; if their cut-offs differ in the
 * instant, their keys differ. The due day is implied by the business day, the country and the cycle.
 */
export function batchKeyOf(merchantId: string, currency: string, terms: SettlementTerms, window: BatchWindow): string {
  if (typeof merchantId !== 'string' || merchantId === '' || merchantId.includes(KEY_SEPARATOR)) {
    throw new RangeError(
      `Invalid merchantId ${JSON.stringify(merchantId)}: expected a non-empty id without "${KEY_SEPARATOR}".`,
    );
  }
  if (typeof currency !== 'string' || !isSupportedCurrency(currency)) {
    throw new RangeError(
      `Invalid currency ${JSON.stringify(currency)}: expected a supported ISO 4217 code such as USD.`,
    );
  }
  assertSettlementTerms(terms);
  if (
    !isCalendarDay(window.businessDay) ||
    cutoffOf(terms, window.businessDay).getTime() !== window.closesAt.getTime()
  ) {
    throw new RangeError(
      `Invalid window: closesAt ${window.closesAt.toISOString()} is not the cut-off of ${window.businessDay} under these terms.`,
    );
  }
  return [
    merchantId,
    currency,
    `T+${terms.settlementCycleDays}`,
    terms.settlementCountry.toUpperCase(),
    window.businessDay,
    window.closesAt.toISOString(),
  ].join(KEY_SEPARATOR);
}

/** Whether the batch has closed at `now`: from its cut-off instant on (the instant it stops taking captures). */
export function isClosed(window: Pick<BatchWindow, 'closesAt'>, now: Date): boolean {
  if (Number.isNaN(now.getTime()) || Number.isNaN(window.closesAt.getTime()))
    throw new RangeError('Invalid instant: expected a valid Date.');
  return now.getTime() >= window.closesAt.getTime();
}

/** Whether a batch due on `dueDay` may settle at `now`: the day of `now` in the terms' zone is the due day or later. */
export function isDue(dueDay: string, now: Date, terms: SettlementTerms): boolean {
  if (!isCalendarDay(dueDay))
    throw new RangeError(`Invalid dueDay ${JSON.stringify(dueDay)}: expected a calendar day as YYYY-MM-DD.`);
  assertSettlementTerms(terms);
  return dayOf(now, terms.timeZone) >= dueDay; // YYYY-MM-DD strings order as the days do
}

function cutoffOf(terms: SettlementTerms, day: string): Date {
  return zonedInstant(day, terms.cutoffTime, terms.timeZone);
}

/** The batch of working day `businessDay` (the caller has checked the terms and that the day is working). */
function windowOfBusinessDay(terms: SettlementTerms, businessDay: string): BatchWindow {
  return {
    businessDay,
    closesAt: cutoffOf(terms, businessDay),
    dueDay: workingDayCalendar(terms.settlementCountry).nthWorkingDayAfter(businessDay, terms.settlementCycleDays),
  };
}
