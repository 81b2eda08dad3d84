import { afterEach, describe, expect, it, vi } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REPORT_PATHS } from '@mbo/contracts/reports';
import { SAVED_VIEW_PATHS } from '@mbo/contracts/saved-views';
import { TEAM_PATHS, type AuditLogListRequest, type AuditRecord } from '@mbo/contracts/team';
import type { GlobalStateApi } from '@/lib/global-state';
import { renderPageAt, runInDesktopWindow, where } from '@/testing/render-page-at';
import { testGlobalState } from '@/testing/render-with-state';
import { AuditLogTab } from './audit-log-tab';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
runInDesktopWindow();

const event = (e: Partial<AuditRecord> & Pick<AuditRecord, 'id' | 'action'>): AuditRecord => ({
  at: '2026-11-26T05:40:03.000Z',
  actorUserId: 'u_1',
  actorEmail: 'owner@demo.test',
  outcome: 'SUCCESS',
  ip: '203.0.113.9',
  targetType: null,
  targetId: null,
  detail: {},
  ...e,
});
const LOGIN = event({ id: '1', action: 'LOGIN', targetType: 'USER', targetId: 'u_1' });
const REFUND = event({
  id: '2',
  action: 'REFUND',
  at: '2026-11-25T23:05:00.000Z',
  actorEmail: 'finance@demo.test',
  targetType: 'REFUND',
  targetId: 'RF100',
  detail: { amount: 1250, currency: 'USD' },
});
const PAYOUT = event({ id: '3', action: 'PAYOUT', targetType: 'PAYOUT', targetId: 'PO77' });
const SYSTEM = event({
  id: '4',
  action: 'NIGHTLY_CLEANUP',
  actorUserId: null,
  actorEmail: null,
  outcome: 'FAILURE',
  ip: null,
});
const ROLE = event({
  id: '5',
  action: 'MEMBER_ROLE_CHANGED',
  targetType: 'USER',
  targetId: 'b7d1c7e2-0000-4000-8000-000000000001',
  detail: { email: 'ana@demo.test', from: 'VIEWER', to: 'FINANCE', notifyMember: true, changedFields: ['roleCode'] },
});
const LINK = event({ id: '6', action: 'PAYMENT_LINK_CREATED', targetType: 'PAYMENT_LINK', targetId: 'PL9' });
const WITHDRAWAL = event({ id: '7', action: 'WITHDRAWAL', targetType: 'WITHDRAWAL', targetId: 'WD5' });
const ALL = [LOGIN, REFUND, PAYOUT, SYSTEM, ROLE, LINK, WITHDRAWAL];

/** The audit list answers `records` (or fails); the saved views answer none; an export is queued. */
function answer(records: AuditRecord[] | Error) {
  postMock.mockImplementation(async (url: string) => {
    if (url === SAVED_VIEW_PATHS.list) return [] as never;
    if (url === REPORT_PATHS.create) return { exportId: 'EXP1', status: 'QUEUED' } as never;
    if (url !== TEAM_PATHS.auditLog) throw new Error(`unexpected ${url}`);
    if (records instanceof Error) throw records;
    return { total: records.length, records } as never;
  });
}

const REFUND_DETAIL = '/transactions/refunds_detail';
const state = (overrides: Partial<GlobalStateApi> = {}) =>
  testGlobalState({
    authUrls: [
      '/settings/team',
      REFUND_DETAIL,
      '/transactions/payment_link/detail',
      '/account/withdraw',
      '/transactions/reports',
    ],
    permissions: { API_REPORT_EXPORT: true },
    ...overrides,
  });
const renderAt = (url: string, s = state()) => renderPageAt('/settings/team', <AuditLogTab />, url, s);
const listCalls = () =>
  postMock.mock.calls.filter(([url]) => url === TEAM_PATHS.auditLog).map(([, body]) => body as AuditLogListRequest);
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

afterEach(() => {
  cleanup();
  postMock.mockReset();
  window.localStorage.clear();
});

describe('AuditLogTab', () => {
  it('lists events: local and UTC times, who, the action label, the record, the outcome and the IP', async () => {
    answer(ALL);
    renderAt('/settings/team?tab=audit');
    const login = (await screen.findByText('Sign-in')).closest('tr')!;
    expect(within(login).getByRole('button', { name: '2026-11-26 13:40:03, show details' })).toBeTruthy();
    expect(within(login).getByText('2026-11-26 05:40:03 UTC')).toBeTruthy();
    expect(within(login).getByText('owner@demo.test')).toBeTruthy();
    expect(within(login).getByText('Sign-in')).toBeTruthy();
    expect(within(login).getByText('User')).toBeTruthy();
    expect(within(login).getByText('u_1')).toBeTruthy();
    expect(within(login).getByText('Success')).toBeTruthy();
    expect(within(login).getByText('203.0.113.9')).toBeTruthy();

    // 23:05 UTC is the next day in Singapore.
    const refund = rowOf('finance@demo.test');
    expect(within(refund).getByRole('button', { name: '2026-11-26 07:05:00, show details' })).toBeTruthy();
    expect(within(refund).getByText('2026-11-25 23:05:00 UTC')).toBeTruthy();
    expect(within(refund).getByText('Refund', { selector: '.mbo-audit-record > span' })).toBeTruthy();

    // An action the labels do not know reads as words; the server's own events are "System".
    const system = rowOf('Nightly cleanup');
    expect(within(system).getByText('System')).toBeTruthy();
    expect(within(system).getByText('Failure')).toBeTruthy();
    expect(within(system).getAllByText('—')).toHaveLength(2);

    expect(within(rowOf('Role changed')).getByText('ana@demo.test')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /When.*Asia\/Singapore/ })).toBeTruthy();
    expect(screen.getByText('7 events')).toBeTruthy();
    expect(listCalls()).toEqual([{ pageNum: 1, pageSize: 20, sort: 'at:desc' }]);
  });

  it('links a record to its page only where there is one the user may open', async () => {
    answer(ALL);
    renderAt('/settings/team?tab=audit');
    const refundLink = await screen.findByRole('link', { name: 'RF100' });
    expect(refundLink.getAttribute('href')).toBe('/transactions/refunds_detail?refundId=RF100');
    expect(screen.getByRole('link', { name: 'PL9' }).getAttribute('href')).toBe(
      '/transactions/payment_link/detail?linkId=PL9',
    );
    expect(screen.getByRole('link', { name: 'WD5' }).getAttribute('href')).toBe('/account/withdraw?withdrawalId=WD5');
    // The payout detail is not in this role's pages; users have no page; so no link.
    expect(screen.getByText('PO77').closest('a')).toBeNull();
    expect(screen.getByText('ana@demo.test').closest('a')).toBeNull();
    expect(screen.getByText('u_1').closest('a')).toBeNull();
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['RF100', 'PL9', 'WD5']);

    fireEvent.click(refundLink);
    expect(where()).toBe('/transactions/refunds_detail?refundId=RF100');
  });

  it('shows records as text for a role that cannot open their pages', async () => {
    answer(ALL);
    renderAt('/settings/team?tab=audit', state({ authUrls: ['/settings/team', '/payout/history/detail'] }));
    expect((await screen.findByText('RF100')).closest('a')).toBeNull();
    expect(screen.getByRole('link', { name: 'PO77' }).getAttribute('href')).toBe(
      '/payout/history/detail?payoutId=PO77',
    );
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('sends the filters of the URL, and a changed filter, in the list call', async () => {
    answer([REFUND]);
    renderAt('/settings/team?tab=audit&q=finance@&action=REFUND,LOGIN&from=2026-11-01&to=2026-11-30&sort=at:asc');
    await screen.findByText('finance@demo.test');
    expect(listCalls()).toEqual([
      {
        keyword: 'finance@',
        action: ['REFUND', 'LOGIN'],
        createdFrom: '2026-10-31T16:00:00.000Z',
        createdTo: '2026-11-30T15:59:59.999Z',
        pageNum: 1,
        pageSize: 20,
        sort: 'at:asc',
      },
    ]);
    // The action filter offers the labels, not the codes.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Action' }));
    expect(await screen.findByRole('option', { name: 'Two-factor code at sign-in' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'LOGIN_TWO_FACTOR' })).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Outcome' }));
    fireEvent.click(await screen.findByTitle('Failure'));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(listCalls()[1]).toMatchObject({ outcome: ['FAILURE'], action: ['REFUND', 'LOGIN'], keyword: 'finance@' });
    expect(where()).toContain('outcome=FAILURE');
    expect(where()).toContain('tab=audit');
  });

  it('says no events match the filters, and offers to clear them', async () => {
    answer([]);
    renderAt('/settings/team?tab=audit&outcome=FAILURE');
    expect(await screen.findByText('No events match these filters.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /Clear filters/ })[0]);
    await waitFor(() => expect(where()).toBe('/settings/team?tab=audit'));
  });

  it('shows an error with a retry when the log cannot be loaded', async () => {
    answer(new Error('down'));
    renderAt('/settings/team?tab=audit');
    expect(await screen.findByText('The events could not be loaded.')).toBeTruthy();
    answer([LOGIN]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('owner@demo.test')).toBeTruthy();
  });

  it('opens an event with its detail as label and value rows', async () => {
    answer(ALL);
    renderAt('/settings/team?tab=audit');
    const row = (await screen.findByText('Role changed')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /show details/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Role changed', { selector: '.ant-drawer-title' })).toBeTruthy();
    const facts = (label: string) =>
      within(drawer)
        .getAllByText(label, { selector: 'dt' })
        .map((dt) => dt.nextElementSibling?.textContent);
    expect(facts('When')).toEqual(['2026-11-26 13:40:03']);
    expect(facts('In UTC')).toEqual(['2026-11-26 05:40:03 UTC']);
    expect(facts('Email')).toEqual(['ana@demo.test']);
    expect(facts('From')).toEqual(['VIEWER']);
    expect(facts('To')).toEqual(['FINANCE']);
    expect(facts('Notify member')).toEqual(['Yes']);
    expect(facts('Changed fields')).toEqual(['roleCode']);
    expect(drawer.textContent).not.toContain('{');
  });

  it('opens an event from its row too, and says when it has no detail', async () => {
    answer(ALL);
    renderAt('/settings/team?tab=audit');
    fireEvent.click((await screen.findByText('Nightly cleanup')).closest('tr')!);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('No further details were recorded.')).toBeTruthy();
    expect(within(drawer).getAllByText('System').length).toBeGreaterThan(0);
  });

  it('shows one card per event on a phone', async () => {
    answer([REFUND]);
    renderAt('/settings/team?tab=audit', state({ isMobile: true }));
    const card = (await screen.findByText('finance@demo.test')).closest('td')!;
    expect(within(card).getByText('Refund', { selector: 'strong' })).toBeTruthy();
    expect(within(card).getByText('Success')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'RF100' }).getAttribute('href')).toBe(
      '/transactions/refunds_detail?refundId=RF100',
    );
    expect(within(card).getByText('2026-11-25 23:05:00 UTC')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: '2026-11-26 07:05:00, show details' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('1250', { selector: 'dd' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      expect.stringMatching(/^Events · Asia\/Singapore/),
    ]);
  });

  it('exports the filtered log to the report centre', async () => {
    answer([REFUND]);
    renderAt('/settings/team?tab=audit&q=finance@&outcome=SUCCESS&from=2026-11-01&to=2026-11-30');
    await screen.findByText('finance@demo.test');
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    fireEvent.click(await screen.findByText('Excel (XLSX)'));
    await waitFor(() => expect(postMock.mock.calls.some(([url]) => url === REPORT_PATHS.create)).toBe(true));
    expect(postMock.mock.calls.find(([url]) => url === REPORT_PATHS.create)?.[1]).toEqual({
      type: 'AUDIT_LOG',
      format: 'XLSX',
      timeZone: 'Asia/Singapore',
      createdFrom: '2026-10-31T16:00:00.000Z',
      createdTo: '2026-11-30T15:59:59.999Z',
      filters: { keyword: 'finance@', outcome: ['SUCCESS'] },
      columns: [],
    });
    expect(await screen.findByText(/Export queued/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the report centre' }).getAttribute('href')).toBe(
      '/transactions/reports',
    );
  });

  it('disables the export, with the reason, for a role that cannot export or a range over a year', async () => {
    answer([REFUND]);
    renderAt('/settings/team?tab=audit', state({ permissions: {} }));
    await screen.findByText('finance@demo.test');
    expect((screen.getByRole('button', { name: /Export/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Your role cannot export.')).toBeTruthy();
    cleanup();

    renderAt('/settings/team?tab=audit&from=2024-01-01&to=2026-11-30');
    await screen.findByText('finance@demo.test');
    expect((screen.getByRole('button', { name: /Export/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('An export covers at most one year. Choose a shorter date range.')).toBeTruthy();
    expect(postMock.mock.calls.some(([url]) => url === REPORT_PATHS.create)).toBe(false);
  });
});
