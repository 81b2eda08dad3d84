import { afterEach, describe, expect, it, vi } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REPORT_PATHS } from '@mbo/contracts/reports';
import {
  SETTLEMENT_PATHS,
  type SettlementTransactionPage,
  type SettlementTransactionRecord,
} from '@mbo/contracts/settlements';
import type { GlobalStateApi } from '@/lib/global-state';
import { renderWithState, testGlobalState } from '@/testing/render-with-state';
import { runInDesktopWindow } from '@/testing/render-page-at';
import SettlementTransactionsTable, { type SettlementTransactionsTableProps } from './settlement-transactions-table';

const PAYMENT: SettlementTransactionRecord = {
  paymentId: 'PAY100',
  merchantOrderNo: 'ORD-1',
  batchId: 'BAT1',
  currency: 'USD',
  payMethodName: 'VISA',
  capturedAt: '2026-05-02T03:04:05.000Z',
  gross: 10_000,
  fee: 380,
  refunded: 0,
  refundId: null,
  disputed: 0,
  disputeId: null,
  net: 9_620,
};
const REFUNDED: SettlementTransactionRecord = {
  ...PAYMENT,
  paymentId: 'PAY101',
  merchantOrderNo: 'ORD-2',
  refunded: 2_500,
  refundId: 'RFD9',
  net: 7_120,
};
const LINKS = ['/transactions/payments_detail', '/transactions/refunds_detail', '/transactions/reports'];
const OWNER_STATE = testGlobalState({
  authUrls: LINKS,
  payMethodMap: { VISA: 'Visa' },
  permissions: { API_REPORT_EXPORT: true },
});

const transactionCalls = () =>
  postMock.mock.calls.filter(([url]) => url === SETTLEMENT_PATHS.transactions).map(([, body]) => body);

function answer(
  page: SettlementTransactionPage | Error | Promise<SettlementTransactionPage> = {
    total: 2,
    records: [PAYMENT, REFUNDED],
  },
) {
  postMock.mockImplementation(async (url: string) => {
    if (url === SETTLEMENT_PATHS.transactions) {
      if (page instanceof Error) throw page;
      return (await page) as never;
    }
    if (url === REPORT_PATHS.create) return { exportId: 'EXP1' } as never;
    throw new Error(`unexpected POST ${url}`);
  });
}

function renderTable(
  props: SettlementTransactionsTableProps = { batchId: 'BAT1' },
  state: GlobalStateApi = OWNER_STATE,
) {
  return renderWithState(<SettlementTransactionsTable {...props} />, state, '/settlements/batch/detail?batchId=BAT1');
}

runInDesktopWindow();

afterEach(() => {
  cleanup();
  postMock.mockReset();
});

vi.setConfig({ testTimeout: 30_000 });

describe('SettlementTransactionsTable', () => {
  it("lists the batch's payments: id to the payment, captured time in the zone, method, gross, fee, refund to its refund, net", async () => {
    answer();
    renderTable();
    const region = await screen.findByRole('region', { name: 'Payments in this batch' });
    await within(region).findByRole('link', { name: 'PAY100' });
    expect(transactionCalls()).toEqual([{ batchId: 'BAT1', pageNum: 1, pageSize: 20 }]);
    expect(
      within(region)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Payment ID',
      expect.stringMatching(/^Captured at/),
      'Method',
      'Gross',
      'Fee',
      'Refund / dispute',
      'Net',
    ]);
    const [plain, refunded] = within(region).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/\u00a0/g, ' '));
    expect(cells(plain)).toEqual([
      'PAY100ORD-1',
      '2026-05-02 11:04:05',
      'Visa',
      '100.00 USD',
      '−3.80 USD',
      '—',
      '96.20 USD',
    ]);
    expect(cells(refunded)).toEqual([
      'PAY101ORD-2',
      '2026-05-02 11:04:05',
      'Visa',
      '100.00 USD',
      '−3.80 USD',
      '−25.00 USDRFD9',
      '71.20 USD',
    ]);
    expect(within(plain).getByRole('link', { name: 'PAY100' }).getAttribute('href')).toBe(
      '/transactions/payments_detail?paymentId=PAY100',
    );
    expect(within(refunded).getByRole('link', { name: 'RFD9' }).getAttribute('href')).toBe(
      '/transactions/refunds_detail?refundId=RFD9',
    );
    expect(within(region).getByText('2 payments')).toBeTruthy();
  });

  it("asks for a settlement's payments by its id", async () => {
    answer();
    renderTable({ settlementId: 'STL7' });
    expect(await screen.findByRole('region', { name: 'Payments in this settlement' })).toBeTruthy();
    await screen.findByRole('link', { name: 'PAY100' });
    expect(transactionCalls()).toEqual([{ settlementId: 'STL7', pageNum: 1, pageSize: 20 }]);
  });

  it('shows ids as text for a role that cannot open payments or refunds', async () => {
    answer();
    renderTable(undefined, testGlobalState({ authUrls: [] }));
    expect(await screen.findByText('PAY100')).toBeTruthy();
    expect(screen.getByText('RFD9')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('pages on the server, keeping the shown page while the next one loads', async () => {
    answer({ total: 45, records: [PAYMENT] });
    renderTable();
    await screen.findByRole('link', { name: 'PAY100' });
    expect(screen.getByText('45 payments')).toBeTruthy();

    let release: (page: SettlementTransactionPage) => void = () => {};
    answer(new Promise<SettlementTransactionPage>((resolve) => (release = resolve)));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(transactionCalls().at(-1)).toEqual({ batchId: 'BAT1', pageNum: 2, pageSize: 20 }));
    // Page 1 stays on screen until page 2 arrives.
    expect(screen.getByRole('link', { name: 'PAY100' })).toBeTruthy();
    release({ total: 45, records: [{ ...PAYMENT, paymentId: 'PAY200' }] });
    expect(await screen.findByRole('link', { name: 'PAY200' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'PAY100' })).toBeNull();
  });

  it('shows a loading state, then says when the batch has no payments', async () => {
    let release: (page: SettlementTransactionPage) => void = () => {};
    answer(new Promise<SettlementTransactionPage>((resolve) => (release = resolve)));
    renderTable();
    expect(await screen.findByRole('status', { name: 'Loading the payments' })).toBeTruthy();
    release({ total: 0, records: [] });
    expect(await screen.findByText('No payments in this batch yet.')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading the payments' })).toBeNull();
  });

  it('shows an error with a retry', async () => {
    answer(new Error('down'));
    renderTable();
    expect(await screen.findByText('The payments could not be loaded.')).toBeTruthy();
    answer();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'PAY100' })).toBeTruthy();
  });

  it("queues a SETTLEMENT_TRANSACTIONS export of the batch, in the user's zone, and points to the report centre", async () => {
    answer();
    renderTable();
    await screen.findByRole('link', { name: 'PAY100' });
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    expect(await screen.findByText(/Export queued/)).toBeTruthy();
    const created = postMock.mock.calls.filter(([url]) => url === REPORT_PATHS.create);
    expect(created).toHaveLength(1);
    const body = created[0][1] as Record<string, unknown>;
    expect(body).toEqual(
      expect.objectContaining({
        type: 'SETTLEMENT_TRANSACTIONS',
        format: 'CSV',
        timeZone: 'Asia/Singapore',
        filters: { batchId: 'BAT1' },
      }),
    );
    const span = Date.parse(body.createdTo as string) - Date.parse(body.createdFrom as string);
    expect(span).toBeLessThanOrEqual(366 * 86_400_000);
    expect(screen.getByRole('link', { name: 'Open the report centre' }).getAttribute('href')).toBe(
      '/transactions/reports',
    );
  });

  it('exports a settlement by its id', async () => {
    answer();
    renderTable({ settlementId: 'STL7' });
    await screen.findByRole('link', { name: 'PAY100' });
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    await screen.findByText(/Export queued/);
    expect(postMock).toHaveBeenCalledWith(
      REPORT_PATHS.create,
      expect.objectContaining({ filters: { settlementId: 'STL7' } }),
    );
  });

  it('disables the export, with the reason, for a role that cannot export', async () => {
    answer();
    renderTable(undefined, testGlobalState({ authUrls: LINKS }));
    await screen.findByRole('link', { name: 'PAY100' });
    const button = screen.getByRole('button', { name: /Export/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Your role cannot export.',
    );
  });

  it('shows each payment in two columns on a phone', async () => {
    answer();
    renderTable(undefined, testGlobalState({ authUrls: LINKS, isMobile: true }));
    const region = await screen.findByRole('region', { name: 'Payments in this batch' });
    await within(region).findByRole('link', { name: 'PAY100' });
    expect(
      within(region)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Payment', 'Net']);
    expect(within(region).getByRole('link', { name: 'RFD9' })).toBeTruthy();
  });
});
