import { useTranslation } from '@/i18n/use-translation';
import { Empty } from 'antd';
import type { SettlementCalendar } from '@mbo/contracts/settlements';
import { displayDayWithWeekday, displayMonth, weekdayOf } from '@/lib/display-day';
import { dayHasNews } from '../utils/calendar-month';
import { DayAmounts, DayNotes, DaySettlementsLink } from './calendar-day-parts';
import './settlements.css';

/** The weekdays' keys, Sunday first (as weekdayOf counts). */
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/**
 * Phones: the days of the month that have something (a settlement paid or expected, a holiday),
 * one under the other, instead of a grid squeezed to 375 px.
 */
export function CalendarDayList({
  calendar,
  dayLink,
}: {
  calendar: SettlementCalendar;
  dayLink: (day: string) => string | null;
}) {
  const { t } = useTranslation('settlements', { keyPrefix: 'calendar' });
  const days = calendar.days.filter(dayHasNews);
  if (days.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('emptyMonth', { month: displayMonth(calendar.month) })}
      />
    );
  }
  return (
    <ol className="mbo-calendar-list" aria-label={t('listLabel', { month: displayMonth(calendar.month) })}>
      {days.map((d) => (
        <li
          key={d.day}
          className={`mbo-calendar-list__day${d.day === calendar.today ? ' is-today' : ''}${d.working ? '' : ' is-closed'}`}
          aria-current={d.day === calendar.today ? 'date' : undefined}
        >
          <div className="mbo-calendar-list__date" aria-hidden>
            <span className="mbo-calendar-list__weekday">{t(`short.${WEEKDAYS[weekdayOf(d.day) ?? 0]}`)}</span>
            <span className="mbo-calendar-list__number">{Number(d.day.slice(8))}</span>
          </div>
          <div className="mbo-calendar-list__body">
            <span className="mbo-list-sr-only">{displayDayWithWeekday(d.day)}</span>
            {d.day === calendar.today ? <span className="mbo-calendar-today">{t('today')}</span> : null}
            <DayNotes day={d} />
            <DayAmounts day={d} />
            <DaySettlementsLink to={d.settlementCount > 0 ? dayLink(d.day) : null} count={d.settlementCount} />
          </div>
        </li>
      ))}
    </ol>
  );
}
