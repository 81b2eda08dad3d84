import { afterEach, describe, expect, it, vi } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { WITHDRAWAL_PATHS, type WithdrawConfig } from '@mbo/contracts/withdrawals';
import { approvalKeys } from '@/components/approvals/approvals-api';
import { ApiError } from '@/lib/http/request';
import { globalStateKeys, sharedKeys } from '@/lib/query-keys';
import { invalidatedOf, seedCache } from '@/testing/cache-probe';
import { newTestQueryClient, renderWithState } from '@/testing/render-with-state';
import { withdrawalKeys } from '../api/withdrawal-keys';
import { initTestI18n } from '@/i18n/testing';
import { WithdrawForm } from './withdraw-form';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const NBSP = '\u00a0';
const CONFIG: WithdrawConfig = {
  hours: { days: [1, 2, 3, 4, 5], open: '08:00', close: '20:00', timeZone: 'Europe/Amsterdam', holidayCountry: 'NL' },
  openNow: true,
  closedReason: null,
  nextOpenAt: null,
  agreements: [
    {
      currency: 'EUR',
      fee: { percentBps: 0, fixedMinor: 150, minimumMinor: null, currency: 'EUR' },
      minAmount: 1_000,
      maxAmount: 50_000_000,
    },
  ],
  balances: [
    { currency: 'EUR', available: 100_000, pending: 0, reserved: 0 },
    { currency: 'JPY', available: 5_000, pending: 0, reserved: 0 },
  ],
  accounts: [
    { bankAccountId: 'BAC1', bankName: 'ING Bank', maskedNumber: '•••• 4567', currency: 'EUR', isDefault: true },
    { bankAccountId: 'BAC2', bankName: 'Deutsche Bank', maskedNumber: '•••• 6789', currency: 'EUR', isDefault: false },
  ],
};

afterEach(() => {
  cleanup();
  postMock.mockReset();
});

function renderForm(config = CONFIG, blockedReason: string | null = null, onSubmitted = vi.fn()) {
  renderWithState(
    <WithdrawForm
      config={config}
      blockedReason={blockedReason}
      timeZone="Europe/Amsterdam"
      onSubmitted={onSubmitted}
    />,
  );
  return onSubmitted;
}

describe('WithdrawForm', () => {
  it('shows the hours, the fee and the amount received before submit, then submits once with an idempotency key', async () => {
    postMock.mockResolvedValue({ withdrawalId: 'WDR1', amount: 25_000, currency: 'EUR' } as never);
    const onSubmitted = renderForm();
    expect(screen.getByText('Withdrawals are open now')).toBeTruthy();
    expect(screen.getByText(/Mon–Fri 08:00–20:00 Europe\/Amsterdam, closed on NL public holidays/)).toBeTruthy();
    expect(screen.getByText('No withdrawal agreement for JPY.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '250' } });
    const summary = screen.getByLabelText('Withdrawal summary');
    expect(summary.textContent).toContain(`250.00${NBSP}EUR`);
    expect(summary.textContent).toContain(`1.50${NBSP}EUR`);
    expect(summary.textContent).toContain(`248.50${NBSP}EUR`);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    expect(within(dialog).getByText('ING Bank •••• 4567')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: `Withdraw 250.00${NBSP}EUR` }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith('WDR1'));
    const [url, body, opts] = postMock.mock.calls[0] as unknown as [
      string,
      unknown,
      { headers: Record<string, string> },
    ];
    expect(url).toBe(WITHDRAWAL_PATHS.create);
    expect(body).toEqual({ currency: 'EUR', amount: '250.00', bankAccountId: 'BAC1' });
    expect(opts.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('fills "Withdraw all" with the exact balance (no float): the cent typed is the cent held', () => {
    renderForm({
      ...CONFIG,
      balances: [{ currency: 'EUR', available: 9_007_199_254_740_990, pending: 0, reserved: 0 }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw all' }));
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('90071992547409.90');
  });

  it('says what is wrong with the amount and does not open the confirmation', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findAllByText(/More than your available balance \(1,000\.00.EUR\)\./)).length).toBeGreaterThan(
      0,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is closed outside working hours, with the next opening; and read-only without the permission', async () => {
    renderForm({
      ...CONFIG,
      openNow: false,
      closedReason: { code: 'DAY_OFF', values: { weekday: 6 } },
      nextOpenAt: '2026-11-30T07:00:00.000Z',
    });
    expect(screen.getByText('Withdrawals are closed now (Saturday)')).toBeTruthy();
    expect(screen.getByText(/They open 2026-11-30 08:00/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderForm(CONFIG, 'Your role can see withdrawals but not make them (API_WITHDRAW_CREATE).');
    expect(screen.getByText(/can see withdrawals but not make them/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the catalogue answer of a refusal, and the time-out as a warning that opens the order', async () => {
    postMock.mockRejectedValueOnce(new ApiError('Insufficient balance.', '006001B006'));
    renderForm();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirm withdrawal' })).getByRole('button', {
        name: /Withdraw/,
      }),
    );
    expect(await screen.findByText('Insufficient balance.')).toBeTruthy();
    cleanup();
    postMock.mockRejectedValueOnce(
      new ApiError('System timeout. Please check withdrawal history for latest status.', '006001B016', 200, {
        code: '006001B016',
        msg: 'System timeout.',
        msg_params: null,
        data: { withdrawalId: 'WDR9' },
      }),
    );
    const onSubmitted = renderForm();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirm withdrawal' })).getByRole('button', {
        name: /Withdraw/,
      }),
    );
    expect((await screen.findAllByText('The bank did not answer in time')).length).toBeGreaterThan(0);
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith('WDR9'));
  });

  it('refreshes what a withdrawal changes (withdrawals, balances, approvals) and leaves the rest of the cache alone', async () => {
    postMock.mockResolvedValue({ withdrawalId: 'WDR1', amount: 25_000, currency: 'EUR' } as never);
    const queryClient = newTestQueryClient();
    const changed = [
      withdrawalKeys.config(),
      withdrawalKeys.list({ pageNum: 1, pageSize: 20 }),
      sharedKeys.balances,
      [...sharedKeys.balanceTransactions, 'list', { pageNum: 1, pageSize: 20 }],
      approvalKeys.pending(),
      [...sharedKeys.auditLog, 'list', { pageNum: 1, pageSize: 20 }],
    ];
    const untouched = [
      globalStateKeys.currentUser(),
      globalStateKeys.permissions('API_WITHDRAW_CREATE'),
      [...sharedKeys.payments, 'list', { pageNum: 1, pageSize: 20 }],
      [...sharedKeys.refunds, 'list', { pageNum: 1, pageSize: 20 }],
      ['bank-accounts', 'list', { pageNum: 1, pageSize: 20 }],
      approvalKeys.rules(),
    ];
    seedCache(queryClient, [...changed, ...untouched]);
    const onSubmitted = vi.fn();
    renderWithState(
      <WithdrawForm config={CONFIG} blockedReason={null} timeZone="Europe/Amsterdam" onSubmitted={onSubmitted} />,
      undefined,
      undefined,
      queryClient,
    );
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    fireEvent.click(within(dialog).getByRole('button', { name: `Withdraw 250.00${NBSP}EUR` }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith('WDR1'));
    expect(invalidatedOf(queryClient, changed)).toEqual(changed);
    expect(invalidatedOf(queryClient, untouched)).toEqual([]);
  });
});

describe('WithdrawForm in Chinese', () => {
  it('speaks Simplified Chinese: hours, reason for a closed desk, labels', () => {
    initTestI18n('zh-CN');
    try {
      renderForm({ ...CONFIG, openNow: false, closedReason: { code: 'DAY_OFF', values: { weekday: 6 } } });
      expect(screen.getByText('当前暂停提现（周六）')).toBeTruthy();
      expect(screen.getByText(/周一至周五 08:00–20:00（Europe\/Amsterdam），NL 法定节假日除外/)).toBeTruthy();
      expect(screen.getByRole('button', { name: '全部提现' })).toBeTruthy();
      expect(screen.getByText('JPY 没有提现协议。')).toBeTruthy();
    } finally {
      initTestI18n('en');
    }
  });

  it('says in Chinese why the desk is closed: a holiday by its name, before opening, after closing', () => {
    initTestI18n('zh-CN');
    try {
      const closed = (closedReason: WithdrawConfig['closedReason']) => {
        renderForm({ ...CONFIG, openNow: false, closedReason });
        const title = screen.getByText(/^当前暂停提现/).textContent;
        cleanup();
        return title;
      };
      expect(closed({ code: 'HOLIDAY', values: { name: 'Christmas Day' } })).toBe(
        '当前暂停提现（法定节假日：Christmas Day）',
      );
      expect(closed({ code: 'BEFORE_OPENING', values: { time: '08:00' } })).toBe('当前暂停提现（08:00 之前）');
      expect(closed({ code: 'AFTER_CLOSING', values: { time: '20:00' } })).toBe('当前暂停提现（20:00 之后）');
      expect(closed(null)).toBe('当前暂停提现');
    } finally {
      initTestI18n('en');
    }
  });
});
