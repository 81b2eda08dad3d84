import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import type { CalendarDayAmount, SettlementCalendarDay } from '@mbo/contracts/settlements';
import { displayMoney } from '@/lib/display-money';
import { dayNotes } from '../utils/calendar-month';
import './settlements.css';

/** Paid and expected amounts of a day, one line per currency; expected ones marked as such. */
export function DayAmounts({ day: d }: { day: SettlementCalendarDay }) {
  const { t } = useTranslation('settlements', { keyPrefix: 'calendar' });
  const line = (a: CalendarDayAmount, kind: 'paid' | 'expected') => (
    <li key={`${kind}-${a.currency}`} className={`mbo-calendar-amount mbo-calendar-amount--${kind}`}>
      <span className="mbo-calendar-amount__kind">{kind === 'paid' ? t('paid') : t('expected')}</span>
      <span className="mbo-calendar-amount__value">{displayMoney(a.net, a.currency)}</span>
    </li>
  );
  if (!d.paid.length && !d.expected.length) return null;
  return (
    <ul className="mbo-calendar-amounts">
      {d.paid.map((a) => line(a, 'paid'))}
      {d.expected.map((a) => line(a, 'expected'))}
    </ul>
  );
}

/** "Weekend" or the holidays' names, muted. */
export function DayNotes({ day }: { day: SettlementCalendarDay }) {
  const { t } = useTranslation('settlements');
  const notes = dayNotes(day, t);
  return notes.length ? <span className="mbo-calendar-note">{notes.join(' · ')}</span> : null;
}

/** The link to a day's settlements in the history, when the day has some and the role may open it. */
export function DaySettlementsLink({ to, count }: { to: string | null; count: number }) {
  const { t } = useTranslation('settlements', { keyPrefix: 'calendar' });
  if (!to || count === 0) return null;
  return (
    <Link to={to} className="mbo-calendar-link">
      {t('view', { count })}
    </Link>
  );
}
