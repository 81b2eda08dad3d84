/**
 * The withdrawal desk's hours and why it is closed, in the language of `t` (the withdrawals namespace's
 * `hours` words): "Mon–Fri 08:00–20:00 Europe/Amsterdam, closed on NL public holidays" / "周一至周五 …".
 * The server says why a desk is closed as a code with its values (WithdrawClosedReason).
 */
import type { TFunction } from 'i18next';
import type { WithdrawalHours, WithdrawClosedReason } from '@mbo/contracts/withdrawals';

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

/** Why the desk is closed: "Saturday" / "周六", "before 08:00", "public holiday: Christmas Day". */
export function closedReasonText(reason: WithdrawClosedReason, t: TFunction): string {
  switch (reason.code) {
    case 'DAY_OFF':
      return t(`hours.long.${reason.values.weekday}`);
    case 'HOLIDAY':
      return t('hours.holiday', { name: reason.values.name });
    case 'BEFORE_OPENING':
      return t('hours.before', { time: reason.values.time });
    case 'AFTER_CLOSING':
      return t('hours.after', { time: reason.values.time });
  }
}
