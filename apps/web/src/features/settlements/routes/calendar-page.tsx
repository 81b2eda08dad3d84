import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Select, Skeleton, Space, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { CalendarRequest, SettlementCalendar } from '@mbo/contracts/settlements';
import PageHeader from '@/components/page-header';
import { displayMonth } from '@/lib/display-day';
import { useGlobalState } from '@/lib/global-state';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { dayInZone } from '@/lib/zoned-date';
import { settlementCalendarQueryOptions } from '../api/get-settlement-calendar';
import { CalendarDayList } from '../components/calendar-day-list';
import { CalendarMonthGrid } from '../components/calendar-month-grid';
import { isCalendarMonth, shiftMonth } from '../utils/calendar-month';
import { SETTLEMENT_HISTORY_PATH, settlementHistoryDayPath } from '../utils/settlement-status';
import '../components/settlements.css';
import { countryName } from '@/lib/country-name';

const HEADER = {
  eyebrow: 'Settlements',
  title: 'Settlement calendar',
  subtitle:
    'One settlement country at a time: its working days, weekends and public holidays, with what was paid and what is expected there each day.',
};

/** The call for the URL's month (this month in the merchant's zone by default) and country. */
function calendarRequest(search: URLSearchParams, timeZone: string | null | undefined): CalendarRequest {
  const month = search.get('month');
  const country = search.get('country');
  return {
    month: isCalendarMonth(month) ? month : dayInZone(timeZone).slice(0, 7),
    ...(country && /^[A-Z]{2}$/.test(country) ? { country } : {}),
  };
}

export const prefetch: PagePrefetch = ({ queryClient, search, timeZone }) => {
  void queryClient.prefetchQuery(settlementCalendarQueryOptions(calendarRequest(search, timeZone)));
};

function Legend() {
  return (
    <div className="mbo-calendar-legend" aria-hidden>
      <span>
        <i className="mbo-calendar-legend__swatch mbo-calendar-legend__swatch--paid" />
        Paid
      </span>
      <span>
        <i className="mbo-calendar-legend__swatch mbo-calendar-legend__swatch--expected" />
        Expected
      </span>
      <span>
        <i className="mbo-calendar-legend__swatch mbo-calendar-legend__swatch--closed" />
        Weekend or holiday
      </span>
    </div>
  );
}

function MonthBody({
  calendar,
  isMobile,
  dayLink,
}: {
  calendar: SettlementCalendar;
  isMobile: boolean;
  dayLink: (day: string) => string | null;
}) {
  if (isMobile) return <CalendarDayList calendar={calendar} dayLink={dayLink} />;
  const quiet = !calendar.days.some((d) => d.paid.length || d.expected.length);
  return (
    <>
      {quiet ? (
        <Typography.Paragraph type="secondary" className="mbo-settlement-note">
          Nothing was paid and nothing is expected in {displayMonth(calendar.month)}.
        </Typography.Paragraph>
      ) : null}
      <div className="mbo-calendar-scroll">
        <CalendarMonthGrid calendar={calendar} dayLink={dayLink} />
      </div>
      <Legend />
    </>
  );
}

/**
 * /settlements/calendar (API_SETTLEMENT_CALENDAR): one month (`?month=YYYY-MM`, this month by
 * default) of the settlement country's working days, holidays, and the amounts paid and expected per
 * day; a grid from 768 px, the days that have something as a list on phones. A day with
 * settlements links to them in the history.
 */
export default function CalendarPage() {
  const { user, authUrls, isMobile } = useGlobalState();
  const [params, setParams] = useSearchParams();
  const request = calendarRequest(params, user?.timeZone);
  const query = useQuery(settlementCalendarQueryOptions(request));
  const calendar = query.data;
  const thisMonth = dayInZone(user?.timeZone).slice(0, 7);
  const canOpenHistory = authUrls.includes(SETTLEMENT_HISTORY_PATH);
  const dayLink = (day: string) => (canOpenHistory ? settlementHistoryDayPath(day) : null);
  const set = (patch: Record<string, string | undefined>) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(patch)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      return next;
    });

  let body: React.ReactNode;
  if (query.isError && !calendar) {
    body = (
      <Alert
        type="error"
        showIcon
        title="The calendar could not be loaded."
        action={<Button onClick={() => void query.refetch()}>Try again</Button>}
      />
    );
  } else if (!calendar) {
    body = (
      <div role="status" aria-label="Loading the calendar">
        <Skeleton active paragraph={{ rows: 8 }} title={false} />
      </div>
    );
  } else {
    body = <MonthBody calendar={calendar} isMobile={isMobile} dayLink={dayLink} />;
  }
  const countries = calendar?.countries ?? [];

  return (
    <>
      <PageHeader {...HEADER} />
      <Card className="mbo-calendar-card">
        <div className="mbo-calendar-toolbar">
          <Space size={4}>
            <Button
              icon={<LeftOutlined />}
              aria-label="Previous month"
              onClick={() => set({ month: shiftMonth(request.month, -1) })}
            />
            <Button
              icon={<RightOutlined />}
              aria-label="Next month"
              onClick={() => set({ month: shiftMonth(request.month, 1) })}
            />
          </Space>
          <h2 className="mbo-calendar-toolbar__month" aria-live="polite">
            {displayMonth(request.month)}
          </h2>
          {request.month !== thisMonth ? <Button onClick={() => set({ month: undefined })}>This month</Button> : null}
          {countries.length > 1 && calendar ? (
            <Select
              className="mbo-calendar-toolbar__country"
              aria-label="Settlement country"
              value={calendar.country}
              options={countries.map((c) => ({ value: c, label: countryName(c) }))}
              onChange={(c: string) => set({ country: c })}
            />
          ) : calendar ? (
            <Typography.Text type="secondary" className="mbo-calendar-toolbar__country">
              Working days of {countryName(calendar.country)}
            </Typography.Text>
          ) : null}
        </div>
        {body}
      </Card>
    </>
  );
}
