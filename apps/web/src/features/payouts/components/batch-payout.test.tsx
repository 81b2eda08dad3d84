import { afterEach, describe, expect, it, vi } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { emptyPayoutRow, type PayoutRowInput } from '@mbo/contracts/payout-rows';
import type { PayoutServiceRecord } from '@mbo/contracts/payout-services';
import { PAYOUT_PATHS, type BatchValidation } from '@mbo/contracts/payouts';
import { renderWithState } from '@/testing/render-with-state';
import { initTestI18n } from '@/i18n/testing';
import { BatchPayout } from './batch-payout';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const SERVICES: PayoutServiceRecord[] = [
  {
    serviceId: 'POS1',
    country: 'GB',
    methodType: 'BANK_TRANSFER',
    methodName: 'Faster Payments',
    currency: 'GBP',
    fee: { percentBps: 0, fixedMinor: 20, minimumMinor: null, currency: 'GBP' },
    minAmount: 100,
    maxAmount: 25_000_000,
    cutoffTime: '17:30',
    timeZone: 'Europe/London',
    arrival: 'SAME_DAY',
    status: 'ACTIVE',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
];
const row = (over: Partial<PayoutRowInput>): PayoutRowInput => ({
  ...emptyPayoutRow(),
  beneficiaryName: 'Ada Lovelace',
  country: 'GB',
  currency: 'GBP',
  amount: '12.50',
  method: 'BANK_TRANSFER',
  accountNumber: 'GB29NWBK60161331926819',
  purpose: 'SUPPLIER',
  reference: 'R-1',
  ...over,
});
const VALIDATION: BatchValidation = {
  fileName: 'november.csv',
  fileHash: 'f'.repeat(64),
  rows: [row({}), row({ beneficiaryName: 'Alan Turing', accountNumber: 'GB00BAD', reference: 'R-2' }), row({})],
  errors: [],
};

afterEach(() => {
  cleanup();
  postMock.mockReset();
});

async function upload() {
  renderWithState(<BatchPayout services={SERVICES} blockedReason={null} />);
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['x'], 'november.csv', { type: 'text/csv' })] } });
  await screen.findByText('november.csv');
}

describe('BatchPayout', () => {
  it('shows each error on its cell, re-checks a fixed cell, drops a row, and submits once every row is valid', async () => {
    postMock.mockImplementation(
      async (url: string) => (url === PAYOUT_PATHS.validate ? VALIDATION : { batchId: 'PBT1', rowCount: 2 }) as never,
    );
    await upload();
    expect(screen.getByText('3 rows · 2 with errors')).toBeTruthy();
    expect(screen.getByText('This IBAN has the wrong length for its country.')).toBeTruthy();
    expect(screen.getByText(/^Repeats row 1/)).toBeTruthy();
    expect((screen.getByRole('button', { name: /Submit 3 payouts/ }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Row 2 Account number or wallet ID'), {
      target: { value: 'GB94BARC10201530093459' },
    });
    expect(await screen.findByText('3 rows · 1 with errors')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Drop row 3' }));
    expect(await screen.findByText('2 rows · all valid')).toBeTruthy();
    expect(screen.getByLabelText('Batch totals').textContent).toContain('25.00');

    fireEvent.click(screen.getByRole('button', { name: /Submit 2 payouts/ }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Submit batch' })).getByRole('button', { name: 'Submit batch' }),
    );
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(PAYOUT_PATHS.submit, expect.anything(), expect.anything()),
    );
    const [, body, opts] = postMock.mock.calls.find(([url]) => url === PAYOUT_PATHS.submit) as unknown as [
      string,
      { fileName: string; rows: PayoutRowInput[] },
      { headers: Record<string, string> },
    ];
    expect(body.fileName).toBe('november.csv');
    expect(body.rows.map((r) => r.accountNumber)).toEqual(['GB29NWBK60161331926819', 'GB94BARC10201530093459']);
    expect(opts.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows why a file is refused', async () => {
    const { ApiError } = await import('@/lib/http/request');
    postMock.mockRejectedValue(new ApiError('Upload a CSV or XLSX file; this file is a PDF.', '006001B050'));
    renderWithState(<BatchPayout services={SERVICES} blockedReason={null} />);
    fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, {
      target: { files: [new File(['%PDF'], 'x.csv')] },
    });
    expect(await screen.findByText('Upload a CSV or XLSX file; this file is a PDF.')).toBeTruthy();
  });
});

describe('BatchPayout in Chinese', () => {
  it('words each cell error from its code in Chinese: the account rules, the row rules, amounts as money', async () => {
    initTestI18n('zh-CN');
    try {
      postMock.mockImplementation(
        async () =>
          ({
            ...VALIDATION,
            rows: [
              ...VALIDATION.rows,
              row({ amount: '0.50', reference: 'R-3' }),
              row({ amount: '', reference: 'R-4' }),
            ],
          }) as never,
      );
      await upload();
      expect(screen.getByText('该 IBAN 的长度不符合其国家/地区的要求。')).toBeTruthy();
      expect(screen.getByText('与第 1 行重复（账户、金额和参考号均相同）：请修改或删除其中一行。')).toBeTruthy();
      // Money as everywhere (the no-break space before the code reads as a space to the matcher).
      expect(screen.getByText('金额不能低于 1.00 GBP。')).toBeTruthy();
      expect(screen.getByText('请输入金额。')).toBeTruthy();
    } finally {
      initTestI18n('en');
    }
  });
});
