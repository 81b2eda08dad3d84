import { useTranslation } from '@/i18n/use-translation';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { SettlementCalendar, SettlementCalendarDay } from '@mbo/contracts/settlements';
import { displayMonth } from '@/lib/display-day';
import { dayAfterKey, dayDescription, monthWeeks } from '../utils/calendar-month';
import { DayAmounts, DayNotes } from './calendar-day-parts';
import './settlements.css';

/** The weekdays' keys, Monday first. */
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

export interface CalendarMonthGridProps {
  calendar: SettlementCalendar;
  /** The history filtered to a day, or null when the role cannot open the history. */
  dayLink: (day: string) => string | null;
}

function cellClass(d: SettlementCalendarDay, today: string): string {
  const classes = ['mbo-calendar-cell'];
  if (!d.working) classes.push('is-closed');
  if (d.holidays.length) classes.push('is-holiday');
  if (d.day === today) classes.push('is-today');
  if (d.settlementCount > 0) classes.push('has-settlements');
  return classes.join(' ');
}

/**
 * The month as a 7-column grid, Monday first (a table with role "grid"): each day with its number,
 * "Weekend" or its holidays, the amounts paid and expected per currency; today highlighted. One day
 * is in the tab order (today, or the 1st); the arrow keys move between days, Home and End to the
 * week's ends; a day with settlements is a link to them in the history.
 */
export function CalendarMonthGrid({ calendar, dayLink }: CalendarMonthGridProps) {
  const { month, today, days } = calendar;
  const { t } = useTranslation('settlements');
  const byDay = new Map(days.map((d) => [d.day, d]));
  const first = days[0]?.day ?? `${month}-01`;
  const [focusDay, setFocusDay] = useState(() => (today.startsWith(month) ? today : first));
  const current =
    focusDay.startsWith(month) && byDay.has(focusDay) ? focusDay : today.startsWith(month) ? today : first;
  const moved = useRef(false);
  const table = useRef<HTMLTableElement>(null);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    table.current?.querySelector<HTMLElement>(`[data-focus-day="${current}"]`)?.focus();
  }, [current]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const next = dayAfterKey(current, e.key, month);
    if (!next) return;
    e.preventDefault();
    moved.current = true;
    setFocusDay(next);
    if (next === current) table.current?.querySelector<HTMLElement>(`[data-focus-day="${current}"]`)?.focus();
  };

  return (
    <table
      ref={table}
      className="mbo-calendar-grid"
      role="grid"
      aria-label={t('calendar.gridLabel', { month: displayMonth(month) })}
      onKeyDown={onKeyDown}
    >
      <thead>
        <tr>
          {WEEKDAYS.map((key) => (
            <th key={key} scope="col" abbr={t(`calendar.long.${key}`)}>
              {t(`calendar.short.${key}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week, w) => (
          <tr key={w}>
            {week.map((day, i) => {
              const d = day ? byDay.get(day) : undefined;
              if (!day || !d)
                return <td key={day ?? `pad-${w}-${i}`} className="mbo-calendar-cell is-outside" aria-hidden />;
              const focusable = {
                'data-focus-day': day,
                tabIndex: day === current ? 0 : -1,
                onFocus: () => setFocusDay(day),
              };
              const to = d.settlementCount > 0 ? dayLink(day) : null;
              const number = Number(day.slice(8));
              const description = dayDescription(d, today, t);
              return (
                <td
                  key={day}
                  className={cellClass(d, today)}
                  aria-current={day === today ? 'date' : undefined}
                  {...(to ? {} : focusable)}
                >
                  {/* A cell without a link is read as its description; what it shows says the same in short
                      (hidden from screen readers). */}
                  {to ? null : <span className="mbo-visually-hidden">{description}</span>}
                  <div aria-hidden={to ? undefined : true}>
                    <div className="mbo-calendar-cell__head">
                      {to ? (
                        <Link
                          to={to}
                          className="mbo-calendar-cell__number mbo-calendar-cell__number--link"
                          // The name starts with the number on screen, as a speech user says it ("Day 20").
                          aria-label={t('calendar.dayLink', { number, description })}
                          {...focusable}
                        >
                          {number}
                        </Link>
                      ) : (
                        <span className="mbo-calendar-cell__number">{number}</span>
                      )}
                      {day === today ? <span className="mbo-calendar-today">{t('calendar.today')}</span> : null}
                    </div>
                    <DayNotes day={d} />
                    <DayAmounts day={d} />
                  </div>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
