/**
 * The withdrawal desk's hours and why it is closed, in the language of `t` (the withdrawals namespace's
 * `hours` words): "Mon–Fri 08:00–20:00 Europe/Amsterdam, closed on NL public holidays" / "周一至周五 …".
 * The server's reason for a closed desk is English ("Saturday", "before 08:00", "<holiday> (public
 * holiday)"): its known shapes are said again; any other reads as sent.
 */
import type { TFunction } from 'i18next';
import type { WithdrawalHours } from '@mbo/contracts/withdrawals';

export function describeHours(hours: WithdrawalHours, t: TFunction): string {
  const short = (d: number) => t(`hours.short.${d}`);
  const sorted = [...hours.days].sort();
  const consecutive = sorted.every((d, i) => i === 0 || d === sorted[i - 1] + 1);
  const days =
    sorted.length === 7
      ? t('hours.everyDay')
      : consecutive && sorted.length > 2
        ? t('hours.range', { first: short(sorted[0]), last: short(sorted[sorted.length - 1]) })
        : sorted.map(short).join(t('hours.listSeparator'));
  const values = { days, open: hours.open, close: hours.close, timeZone: hours.timeZone };
  return hours.holidayCountry
    ? t('hours.describeHolidays', { ...values, country: hours.holidayCountry })
    : t('hours.describe', values);
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function closedReasonText(reason: string, t: TFunction): string {
  if (WEEKDAYS.includes(reason)) return t(`hours.long.${reason}`);
  const time = /^(before|after) (\d{2}:\d{2})$/.exec(reason);
  if (time) return t(`hours.${time[1] === 'before' ? 'before' : 'after'}`, { time: time[2] });
  const holiday = /^(.+) \(public holiday\)$/.exec(reason);
  if (holiday) return t('hours.holiday', { name: holiday[1] });
  return reason;
}
