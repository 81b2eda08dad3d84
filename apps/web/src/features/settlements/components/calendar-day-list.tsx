import { Empty } from 'antd';
import type { SettlementCalendar } from '@mbo/contracts/settlements';
import { displayDayWithWeekday, displayMonth, weekdayOf } from '@/lib/display-day';
import { dayHasNews } from '../utils/calendar-month';
import { DayAmounts, DayNotes, DaySettlementsLink } from './calendar-day-parts';
import './settlements.css';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

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
  const days = calendar.days.filter(dayHasNews);
  if (days.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={`No settlements and no holidays in ${displayMonth(calendar.month)}.`}
      />
    );
  }
  return (
    <ol className="mbo-calendar-list" aria-label={`Days with settlements or holidays, ${displayMonth(calendar.month)}`}>
      {days.map((d) => (
        <li
          key={d.day}
          className={`mbo-calendar-list__day${d.day === calendar.today ? ' is-today' : ''}${d.working ? '' : ' is-closed'}`}
          aria-current={d.day === calendar.today ? 'date' : undefined}
        >
          <div className="mbo-calendar-list__date" aria-hidden>
            <span className="mbo-calendar-list__weekday">{WEEKDAYS[weekdayOf(d.day) ?? 0]}</span>
            <span className="mbo-calendar-list__number">{Number(d.day.slice(8))}</span>
          </div>
          <div className="mbo-calendar-list__body">
            <span className="mbo-list-sr-only">{displayDayWithWeekday(d.day)}</span>
            {d.day === calendar.today ? <span className="mbo-calendar-today">Today</span> : null}
            <DayNotes day={d} />
            <DayAmounts day={d} />
            <DaySettlementsLink to={d.settlementCount > 0 ? dayLink(d.day) : null} count={d.settlementCount} />
          </div>
        </li>
      ))}
    </ol>
  );
}
