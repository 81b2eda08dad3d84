import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMock, postMock } from '@/testing/mock-http';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { REPORT_SCHEDULE_PATHS, type ReportScheduleRecord } from '@mbo/contracts/report-schedules';
import { REPORT_PATHS } from '@mbo/contracts/reports';
import { GlobalStateContext } from '@/lib/global-state';
import { initTestI18n } from '@/i18n/testing';
import { renderWithTestAntd } from '@/testing/test-antd';
import { testGlobalState } from '@/testing/render-with-state';
import ReportsPage from '../routes/reports-page';

const SCHEDULE: ReportScheduleRecord = {
  scheduleId: 'RSC1',
  name: 'Daily payments',
  type: 'PAYMENTS',
  format: 'CSV',
  filters: {},
  columns: [],
  frequency: 'DAILY',
  dayOfWeek: null,
  dayOfMonth: null,
  time: '08:00',
  timeZone: 'Europe/Amsterdam',
  recipients: [
    { userId: 'u_1', name: 'Olivia Owner', email: 'owner@demo.test' },
    { userId: 'u_2', name: 'Finn Finance', email: 'finance@demo.test' },
  ],
  status: 'ACTIVE',
  nextRunAt: '2026-03-29T06:00:00.000Z',
  lastRunAt: '2026-03-28T07:00:00.000Z',
  lastRunStatus: 'SENT',
  lastRunNote: { code: 'SENT', values: { sentCount: 1, skipped: ['ops@demo.test'] } },
  lastExportId: 'EXP9',
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
};

function renderSchedules(
  records: ReportScheduleRecord[],
  permissions: Record<string, boolean> = { API_REPORT_EXPORT: true },
) {
  postMock.mockImplementation(
    async (url: string) =>
      (url === REPORT_SCHEDULE_PATHS.list ? { total: records.length, records } : SCHEDULE) as never,
  );
  getMock.mockImplementation(
    async (url: string) =>
      (url === REPORT_SCHEDULE_PATHS.recipients
        ? { records: SCHEDULE.recipients }
        : url === REPORT_PATHS.columns
          ? { type: 'PAYMENTS', columns: [{ key: 'paymentId', label: 'Payment ID', default: true }] }
          : {}) as never,
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithTestAntd(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={['/transactions/reports?tab=schedules']}>
          <GlobalStateContext.Provider
            value={testGlobalState({ permissions, authUrls: ['/transactions/payments', '/transactions/refunds'] })}
          >
            <Routes>
              <Route path="/transactions/reports" element={<ReportsPage />} />
            </Routes>
          </GlobalStateContext.Provider>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

const narrowMatchMedia = window.matchMedia;
beforeEach(() => {
  window.matchMedia = (query: string) =>
    ({ ...narrowMatchMedia(query), matches: /min-width/.test(query) }) as MediaQueryList;
});
afterEach(() => {
  window.matchMedia = narrowMatchMedia;
  cleanup();
  postMock.mockReset();
  getMock.mockReset();
});
vi.setConfig({ testTimeout: 30_000 });

describe('the Schedules tab', () => {
  it('lists a schedule with its frequency, next run in its zone, last run and recipients', async () => {
    renderSchedules([SCHEDULE]);
    const row = (await screen.findByText('Daily payments')).closest('tr')!;
    expect(within(row).getByText('Every day at 08:00')).toBeTruthy();
    const next = within(row).getByTitle('Europe/Amsterdam (GMT+02:00)');
    expect(next.parentElement?.textContent).toBe('2026-03-29 08:00 Europe/Amsterdam');
    expect(within(row).getByText('Sent')).toBeTruthy();
    expect(within(row).getByText('Sent to 1 recipient.')).toBeTruthy();
    expect(within(row).getByText('Not sent to ops@demo.test: no longer has access to this report.')).toBeTruthy();
    expect(within(row).getByText('Olivia Owner, Finn Finance')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
  });

  it('reads in Simplified Chinese when that is the language', async () => {
    initTestI18n('zh-CN');
    try {
      renderSchedules([SCHEDULE]);
      const row = (await screen.findByText('Daily payments')).closest('tr')!;
      expect(within(row).getByText('每天 08:00')).toBeTruthy();
      expect(within(row).getByText('已发送给 1 位收件人。')).toBeTruthy();
      expect(within(row).getByText('未发送给 ops@demo.test：对方已无权访问此报表。')).toBeTruthy();
      expect(screen.getByRole('heading', { name: '定时报表' })).toBeTruthy();
    } finally {
      initTestI18n('en');
    }
  });

  it('shows its empty state, and keeps the form from sending what the checks refuse', async () => {
    renderSchedules([]);
    expect(await screen.findByText(/No scheduled reports yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Schedule report/ }));
    const form = await screen.findByRole('form', { name: 'Schedule report' });
    fireEvent.change(within(form).getByLabelText('Time (24 h)'), { target: { value: '25:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create schedule' }));
    expect(await within(form).findByText('Enter a time from 00:00 to 23:59, like 08:00.')).toBeTruthy();
    expect(within(form).getByText('Name the schedule, like "Daily payments".')).toBeTruthy();
    expect(postMock).not.toHaveBeenCalledWith(REPORT_SCHEDULE_PATHS.create, expect.anything(), expect.anything());

    fireEvent.change(within(form).getByLabelText('Schedule name'), { target: { value: 'Morning payments' } });
    fireEvent.change(within(form).getByLabelText('Time (24 h)'), { target: { value: '07:45' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create schedule' }));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(REPORT_SCHEDULE_PATHS.create, expect.anything(), expect.anything()),
    );
    expect(postMock.mock.calls.find(([url]) => url === REPORT_SCHEDULE_PATHS.create)?.[1]).toEqual({
      name: 'Morning payments',
      type: 'PAYMENTS',
      format: 'CSV',
      filters: {},
      columns: [],
      frequency: 'DAILY',
      time: '07:45',
      timeZone: 'Asia/Singapore',
      recipientIds: ['u_1'],
    });
  });

  it('pauses a schedule after a confirmation, and disables the actions without the permission', async () => {
    renderSchedules([SCHEDULE]);
    fireEvent.click(await screen.findByLabelText('Pause Daily payments'));
    const dialog = (await screen.findByText('Pause Daily payments?')).closest<HTMLElement>('[role="dialog"]')!;
    fireEvent.click(within(dialog).getByText('Pause schedule'));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(REPORT_SCHEDULE_PATHS.pause, { scheduleId: 'RSC1' }, expect.anything()),
    );
    cleanup();
    renderSchedules([SCHEDULE], {});
    // By their labels: a role query walks every button's styles, slow for the disabled ones in their tooltips.
    expect((await screen.findByLabelText('Pause Daily payments')).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Schedule report').closest('button')?.hasAttribute('disabled')).toBe(true);
  });
});
