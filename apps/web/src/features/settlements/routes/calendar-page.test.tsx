import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMock } from '@/testing/mock-http';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { SETTLEMENT_PATHS, type SettlementCalendar, type SettlementCalendarDay } from '@mbo/contracts/settlements';
import type { GlobalStateApi } from '@/lib/global-state';
import { renderPageAt, runInDesktopWindow, where } from '@/testing/render-page-at';
import { testGlobalState } from '@/testing/render-with-state';
import CalendarPage, { prefetch } from './calendar-page';

/** November 2026 (the 1st is a Sunday) in Singapore: weekends, one holiday, a paid day and an expected one. */
function november(extra: Partial<Record<string, Partial<SettlementCalendarDay>>> = {}): SettlementCalendar {
  const days = Array.from({ length: 30 }, (_, i): SettlementCalendarDay => {
    const day = `2026-11-${String(i + 1).padStart(2, '0')}`;
    const weekend = [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
    return { day, working: !weekend, weekend, holidays: [], expected: [], paid: [], settlementCount: 0, ...extra[day] };
  });
  return { month: '2026-11', country: 'SG', countries: ['SG', 'MY'], today: '2026-11-23', days };
}
const BUSY = november({
  '2026-11-09': { working: false, holidays: ['Deepavali'] },
  '2026-11-20': { paid: [{ currency: 'USD', net: 120_000 }], settlementCount: 1 },
  '2026-11-25': {
    expected: [
      { currency: 'USD', net: 30_000 },
      { currency: 'EUR', net: 5_000 },
    ],
  },
});

function answer(calendar: SettlementCalendar | Error | Promise<SettlementCalendar> = BUSY) {
  getMock.mockImplementation(async (url: string) => {
    if (url !== SETTLEMENT_PATHS.calendar) throw new Error(`unexpected GET ${url}`);
    if (calendar instanceof Error) throw calendar;
    return (await calendar) as never;
  });
}
const calendarCalls = () =>
  getMock.mock.calls.filter(([url]) => url === SETTLEMENT_PATHS.calendar).map(([, data]) => data);

const OWNER: Partial<GlobalStateApi> = { authUrls: ['/settlements/calendar', '/settlements/history'] };
const renderAt = (entry: string, state: Partial<GlobalStateApi> = OWNER) =>
  renderPageAt('/settlements/calendar', <CalendarPage />, entry, testGlobalState(state));
const text = (el: Element | null) => el?.textContent?.replace(/\u00a0/g, ' ') ?? '';
const cellOf = (grid: HTMLElement, day: string) =>
  grid.querySelector(`[data-focus-day="${day}"]`)?.closest('td') as HTMLElement;
/**
 * What a cell shows (a cell without a link reads as its hidden description; what it shows is hidden from screen
 * readers).
 */
const shown = (cell: HTMLElement) => cell.querySelector(':scope > [aria-hidden="true"]') ?? cell;
const readAs = (cell: HTMLElement) => cell.querySelector(':scope > .mbo-visually-hidden')?.textContent;

runInDesktopWindow();

afterEach(() => {
  cleanup();
  getMock.mockReset();
});

// antd renders slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('CalendarPage', () => {
  it('shows the month as a grid from Monday: weekends, holidays, paid and expected amounts, today', async () => {
    answer();
    renderAt('/settlements/calendar?month=2026-11');
    const grid = await screen.findByRole('grid', { name: 'Settlement calendar, November 2026' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    const weeks = within(grid).getAllByRole('row').slice(1);
    expect(weeks).toHaveLength(6);
    expect(weeks[0].querySelectorAll('td[aria-hidden]')).toHaveLength(6); // 1 Nov is a Sunday

    const saturday = cellOf(grid, '2026-11-07');
    expect(text(shown(saturday))).toBe('7Weekend');
    expect(saturday.className).toContain('is-closed');
    expect(readAs(saturday)).toBe('Sat 2026-11-07. Weekend.');
    const holiday = cellOf(grid, '2026-11-09');
    expect(text(shown(holiday))).toBe('9Deepavali');
    expect(holiday.className).toContain('is-holiday');

    const paid = cellOf(grid, '2026-11-20');
    expect(text(paid)).toBe('20Paid1,200.00 USD');
    const link = within(paid).getByRole('link', {
      name: 'Day 20, Fri 2026-11-20. Paid 1,200.00\u00a0USD. View the settlements.',
    });
    expect(link.getAttribute('href')).toBe('/settlements/history?from=2026-11-20&to=2026-11-20');

    const expected = cellOf(grid, '2026-11-25');
    expect(within(expected).getAllByRole('listitem', { hidden: true }).map(text)).toEqual([
      'Expected300.00 USD',
      'Expected50.00 EUR',
    ]);
    expect(readAs(expected)).toMatch(/^Wed 2026-11-25\. Expected 300\.00.USD, 50\.00.EUR\.$/);
    expect(expected.querySelectorAll('.mbo-calendar-amount--expected')).toHaveLength(2);
    expect(within(expected).queryByRole('link')).toBeNull();

    const today = cellOf(grid, '2026-11-23');
    expect(today.getAttribute('aria-current')).toBe('date');
    expect(today.className).toContain('is-today');
    expect(within(today).getByText('Today')).toBeTruthy();
    expect(calendarCalls()).toEqual([{ month: '2026-11' }]);
    expect(screen.getByRole('heading', { level: 2, name: 'November 2026' })).toBeTruthy();
  });

  it('moves between months in the URL and asks for each', async () => {
    answer();
    renderAt('/settlements/calendar?month=2026-11');
    await screen.findByRole('grid');
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(where()).toBe('/settlements/calendar?month=2026-12'));
    await waitFor(() => expect(calendarCalls()).toContainEqual({ month: '2026-12' }));
    expect(screen.getByRole('heading', { level: 2, name: 'December 2026' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(where()).toBe('/settlements/calendar?month=2026-10'));
    fireEvent.click(screen.getByRole('button', { name: 'This month' }));
    await waitFor(() => expect(where()).toBe('/settlements/calendar'));
  });

  it("offers the countries of the merchant's services and asks for the chosen one", async () => {
    answer();
    renderAt('/settlements/calendar?month=2026-11');
    await screen.findByRole('grid');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Settlement country' }));
    fireEvent.click(await screen.findByTitle('Malaysia (MY)'));
    await waitFor(() => expect(where()).toBe('/settlements/calendar?month=2026-11&country=MY'));
    await waitFor(() => expect(calendarCalls()).toContainEqual({ month: '2026-11', country: 'MY' }));
    cleanup();
    answer({ ...BUSY, countries: ['SG'] });
    renderAt('/settlements/calendar?month=2026-11');
    expect(await screen.findByText('Working days of Singapore (SG)')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Settlement country' })).toBeNull();
  });

  it('keeps one day in the tab order and moves the focus with the arrow keys', async () => {
    answer();
    renderAt('/settlements/calendar?month=2026-11');
    const grid = await screen.findByRole('grid');
    const focusable = () =>
      [...grid.querySelectorAll<HTMLElement>('[data-focus-day]')]
        .filter((el) => el.tabIndex === 0)
        .map((el) => el.dataset.focusDay);
    expect(focusable()).toEqual(['2026-11-23']);
    act(() => cellOf(grid, '2026-11-23').focus());
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    await waitFor(() => expect((document.activeElement as HTMLElement).dataset.focusDay).toBe('2026-11-24'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    // 24 → 17 → 24 → 23 → 16
    await waitFor(() => expect((document.activeElement as HTMLElement).dataset.focusDay).toBe('2026-11-16'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    // The 20th has settlements: its link takes the focus.
    await waitFor(() => expect(document.activeElement?.tagName).toBe('A'));
    expect((document.activeElement as HTMLElement).dataset.focusDay).toBe('2026-11-20');
    expect(focusable()).toEqual(['2026-11-20']);
  });

  it('lists only the days that have something on a phone, instead of the grid', async () => {
    answer();
    renderAt('/settlements/calendar?month=2026-11', { ...OWNER, isMobile: true });
    const list = await screen.findByRole('list', { name: 'Days with settlements or holidays, November 2026' });
    expect(screen.queryByRole('grid')).toBeNull();
    const items = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(items.map((li) => li.querySelector('.mbo-list-sr-only')?.textContent)).toEqual([
      'Mon 2026-11-09',
      'Fri 2026-11-20',
      'Wed 2026-11-25',
    ]);
    expect(text(items[0])).toContain('Deepavali');
    expect(within(items[1]).getByRole('link', { name: 'View settlement' }).getAttribute('href')).toBe(
      '/settlements/history?from=2026-11-20&to=2026-11-20',
    );
    expect(text(items[2])).toContain('Expected300.00 USD');
  });

  it('says so when a month has nothing, as a grid and on a phone', async () => {
    answer(november());
    renderAt('/settlements/calendar?month=2026-11');
    expect(await screen.findByText('Nothing was paid and nothing is expected in November 2026.')).toBeTruthy();
    expect(screen.getByRole('grid')).toBeTruthy();
    cleanup();
    answer(november());
    renderAt('/settlements/calendar?month=2026-11', { ...OWNER, isMobile: true });
    expect(await screen.findByText('No settlements and no holidays in November 2026.')).toBeTruthy();
  });

  it('shows no links to a role without the settlement history', async () => {
    answer();
    renderAt('/settlements/calendar?month=2026-11', { authUrls: ['/settlements/calendar'] });
    const grid = await screen.findByRole('grid');
    expect(within(grid).queryAllByRole('link')).toHaveLength(0);
    expect(text(shown(cellOf(grid, '2026-11-20')))).toBe('20Paid1,200.00 USD');
  });

  it('shows the loading state, then the month; an error with a retry', async () => {
    let resolve: (c: SettlementCalendar) => void = () => {};
    answer(
      new Promise<SettlementCalendar>((r) => {
        resolve = r;
      }),
    );
    renderAt('/settlements/calendar?month=2026-11');
    expect(screen.getByRole('status', { name: 'Loading the calendar' })).toBeTruthy();
    resolve(BUSY);
    expect(await screen.findByRole('grid')).toBeTruthy();
    cleanup();

    answer(new Error('down'));
    renderAt('/settlements/calendar?month=2026-11');
    expect(await screen.findByText('The calendar could not be loaded.')).toBeTruthy();
    answer();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('grid')).toBeTruthy();
  });

  it('prefetches the month and country of the URL, and ignores a malformed month', () => {
    const queryClient = new QueryClient();
    const spy = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue();
    prefetch({ queryClient, search: new URLSearchParams('month=2026-11&country=MY'), timeZone: 'Asia/Singapore' });
    prefetch({ queryClient, search: new URLSearchParams('month=2026-13&country=my'), timeZone: 'Asia/Singapore' });
    const keys = spy.mock.calls.map(([o]) => (o as { queryKey: unknown[] }).queryKey);
    expect(keys[0]).toEqual(['settlements', 'calendar', { month: '2026-11', country: 'MY' }]);
    expect(keys[1]).toEqual(['settlements', 'calendar', { month: expect.stringMatching(/^\d{4}-\d{2}$/) }]);
  });
});
