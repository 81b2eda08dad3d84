import { useTranslation } from '@/i18n/use-translation';
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
  const { t } = useTranslation('settlements', { keyPrefix: 'calendar' });
  return (
    <div className="mbo-calendar-legend" aria-hidden>
      <span>
        <i className="mbo-calendar-legend__swatch mbo-calendar-legend__swatch--paid" />
        {t('paid')}
      </span>
      <span>
        <i className="mbo-calendar-legend__swatch mbo-calendar-legend__swatch--expected" />
        {t('expected')}
      </span>
      <span>
        <i className="mbo-calendar-legend__swatch mbo-calendar-legend__swatch--closed" />
        {t('closed')}
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
  const { t } = useTranslation('settlements', { keyPrefix: 'calendar' });
  if (isMobile) return <CalendarDayList calendar={calendar} dayLink={dayLink} />;
  const quiet = !calendar.days.some((d) => d.paid.length || d.expected.length);
  return (
    <>
      {quiet ? (
        <Typography.Paragraph type="secondary" className="mbo-settlement-note">
          {t('quiet', { month: displayMonth(calendar.month) })}
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
  const { t } = useTranslation('settlements');
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
        title={t('calendar.loadFailed')}
        action={<Button onClick={() => void query.refetch()}>{t('calendar.retry')}</Button>}
      />
    );
  } else if (!calendar) {
    body = (
      <div role="status" aria-label={t('calendar.loading')}>
        <Skeleton active paragraph={{ rows: 8 }} title={false} />
      </div>
    );
  } else {
    body = <MonthBody calendar={calendar} isMobile={isMobile} dayLink={dayLink} />;
  }
  const countries = calendar?.countries ?? [];

  return (
    <>
      <PageHeader
        eyebrow={t('pages.eyebrow')}
        title={t('pages.calendar.title')}
        subtitle={t('pages.calendar.subtitle')}
      />
      <Card className="mbo-calendar-card">
        <div className="mbo-calendar-toolbar">
          <Space size={4}>
            <Button
              icon={<LeftOutlined />}
              aria-label={t('calendar.previous')}
              onClick={() => set({ month: shiftMonth(request.month, -1) })}
            />
            <Button
              icon={<RightOutlined />}
              aria-label={t('calendar.next')}
              onClick={() => set({ month: shiftMonth(request.month, 1) })}
            />
          </Space>
          <h2 className="mbo-calendar-toolbar__month" aria-live="polite">
            {displayMonth(request.month)}
          </h2>
          {request.month !== thisMonth ? (
            <Button onClick={() => set({ month: undefined })}>{t('calendar.thisMonth')}</Button>
          ) : null}
          {countries.length > 1 && calendar ? (
            <Select
              className="mbo-calendar-toolbar__country"
              aria-label={t('calendar.country')}
              value={calendar.country}
              options={countries.map((c) => ({ value: c, label: countryName(c) }))}
              onChange={(c: string) => set({ country: c })}
            />
          ) : calendar ? (
            <Typography.Text type="secondary" className="mbo-calendar-toolbar__country">
              {t('calendar.workingDaysOf', { country: countryName(calendar.country) })}
            </Typography.Text>
          ) : null}
        </div>
        {body}
      </Card>
    </>
  );
}
