/**
 * The settlement calendar (/settlements/calendar): a month of one settlement country's working days
 * (weekends and the public holidays that close a day, lib/working-days.ts), with what was settled on
 * each day and what unsettled batches are expected to pay from today on (estimation.ts), both for
 * the batches that settle in that country (a currency's batches settle in its country's calendar).
 */
import { eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { CalendarDayAmount, SettlementCalendar } from '@mbo/contracts/settlements';
import type { DbOrTx } from '../../db/client';
import { payinServices } from '../../db/payments-schema';
import { settlements } from '../../db/settlements-schema';
import { computed, typedRows } from '../../db/typed-rows';
import { AppError } from '../../lib/app-error';
import { dayOf, isCalendarCountry, workingDayCalendar } from '../../lib/working-days';
import { merchantTimeZone } from '../merchants';
import { expectedByDay } from './estimation';

/** @reads payin_services (tables other modules own: db/table-owners.ts) */

export interface CalendarOptions {
  /** YYYY-MM. */
  month: string;
  /** A settlement country of the merchant's pay-in services; default: the one most of them use. */
  country?: string;
  now?: Date;
}

/** The country shown when the merchant has no pay-in service to take one from. */
const FALLBACK_COUNTRY = 'US';

function invalid(field: string, message: string): AppError {
  return new AppError(ERROR_CODES.INVALID_REQUEST, {
    msg: `Invalid request: ${field} ${message}.`,
    data: { fields: [{ field, message }] },
  });
}

export async function settlementCalendar(
  db: DbOrTx,
  merchantId: string,
  options: CalendarOptions,
): Promise<SettlementCalendar> {
  const countries = (
    await db
      .select({ country: sql<string>`trim(${payinServices.settlementCountry})` })
      .from(payinServices)
      .where(eq(payinServices.merchantId, merchantId))
      .groupBy(sql`1`)
      .orderBy(sql`count(*) DESC`, sql`1`)
  ).map((r) => r.country);
  const country = options.country ?? countries[0] ?? FALLBACK_COUNTRY;
  if (options.country && !countries.includes(options.country)) {
    throw invalid(
      'country',
      countries.length
        ? `must be one of your settlement countries (${countries.join(', ')})`
        : 'must be empty: you have no pay-in services',
    );
  }
  if (!isCalendarCountry(country)) throw invalid('country', 'is not covered by the holiday calendar');
  const calendar = workingDayCalendar(country);
  let monthDays;
  try {
    monthDays = calendar.monthDays(options.month);
  } catch {
    throw invalid('month', 'must be a month from 1970 to 2199 as YYYY-MM');
  }
  const first = monthDays[0].day;
  const last = monthDays[monthDays.length - 1].day;
  const today = dayOf(options.now ?? new Date(), await merchantTimeZone(db, merchantId));

  // Plain SQL (a grouped read with EXISTS), its row typed and decoded from the schema by typedRows.
  const paid = await typedRows(
    db,
    { day: settlements.settlementDay, currency: settlements.currency, net: computed(Number), count: computed(Number) },
    sql`
      SELECT s.settlement_day::text AS day, s.currency, sum(s.net) AS net, count(*) AS count FROM settlements s
       WHERE s.merchant_id = ${merchantId} AND s.status = 'PAID' AND s.settlement_day BETWEEN ${first}::date AND ${last}::date
         AND EXISTS (SELECT 1 FROM settlement_batches b WHERE b.settlement_id = s.id AND b.settlement_country = ${country})
       GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const expected =
    last < today ? [] : (await expectedByDay(db, merchantId, today, last, country)).filter((d) => d.day >= first);

  const byDay = <T extends { day: string }>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const r of rows) map.set(r.day, [...(map.get(r.day) ?? []), r]);
    return map;
  };
  const paidByDay = byDay(paid);
  const expectedOn = byDay(expected);
  const amounts = (rows: { currency: string; net: string | number }[] = []): CalendarDayAmount[] =>
    rows.map((r) => ({ currency: r.currency, net: Number(r.net) })).filter((a) => a.net !== 0);

  return {
    month: options.month,
    country,
    countries,
    today,
    days: monthDays.map((d) => ({
      day: d.day,
      working: d.working,
      weekend: d.weekend,
      holidays: d.holiday ? [d.holiday] : [],
      expected: amounts(expectedOn.get(d.day)),
      paid: amounts(paidByDay.get(d.day)),
      settlementCount: (paidByDay.get(d.day) ?? []).reduce((n, r) => n + r.count, 0),
    })),
  };
}
