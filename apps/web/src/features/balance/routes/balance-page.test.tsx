import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMock, postMock } from '@/testing/mock-http';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { ACCOUNT_PATHS, type CurrencyBalance } from '@mbo/contracts/account';
import {
  BALANCE_TRANSACTION_PATHS,
  type BalanceTransactionRecord,
  type SubMerchantBalances,
} from '@mbo/contracts/balance-transactions';
import { SAVED_VIEW_PATHS } from '@mbo/contracts/saved-views';
import { type GlobalStateApi } from '@/lib/global-state';
import { testGlobalState } from '@/testing/render-with-state';
import { renderPageAt, runInDesktopWindow, where } from '@/testing/render-page-at';
import { initTestI18n } from '@/i18n/testing';
import BalancePage, { prefetch } from './balance-page';

const BALANCES: CurrencyBalance[] = [
  { currency: 'USD', available: 1_234_550, pending: 98_000, reserved: 2_500 },
  { currency: 'JPY', available: 150_000, pending: 0, reserved: 0 },
];

const SUB_MERCHANTS: SubMerchantBalances[] = [
  {
    merchantId: 'M1000002',
    merchantName: 'Demo Store Europe',
    balances: [
      { currency: 'EUR', available: 10_050, pending: 2_000, reserved: 0 },
      { currency: 'USD', available: 500, pending: 0, reserved: 0 },
    ],
  },
  {
    merchantId: 'M1000003',
    merchantName: 'Demo Store Asia',
    balances: [{ currency: 'EUR', available: 1_000, pending: 150, reserved: 300 }],
  },
];

const base: Omit<BalanceTransactionRecord, 'transactionId' | 'type' | 'referenceType' | 'referenceId'> = {
  currency: 'USD',
  availableChange: 0,
  pendingChange: 0,
  reservedChange: 0,
  net: 0,
  availableAfter: 1_234_550,
  pendingAfter: 98_000,
  reservedAfter: 2_500,
  createdAt: '2026-05-02T03:04:05.000Z',
};
const CAPTURE: BalanceTransactionRecord = {
  ...base,
  transactionId: '901',
  type: 'CAPTURE',
  referenceType: 'PAYMENT',
  referenceId: 'PY200',
  pendingChange: 9_700,
  net: 9_700,
};
const REFUND: BalanceTransactionRecord = {
  ...base,
  transactionId: '902',
  type: 'REFUND',
  referenceType: 'REFUND',
  referenceId: 'RF300',
  availableChange: -1_250,
  net: -1_250,
};
const SETTLEMENT: BalanceTransactionRecord = {
  ...base,
  transactionId: '903',
  type: 'SETTLEMENT',
  referenceType: 'SETTLEMENT',
  referenceId: 'ST400',
  availableChange: 50_000,
  pendingChange: -50_000,
};

const DETAIL_PAGES = [
  '/transactions/payments_detail',
  '/transactions/refunds_detail',
  '/settlements/detail',
  '/transactions/reports',
];
/** Demo Store, parent of two sub-merchants, as the owner's global state has it. */
const PARENT: Partial<GlobalStateApi> = {
  authUrls: DETAIL_PAGES,
  subMerchantList: [
    {
      merchantId: 'M100001',
      merchantName: 'Demo Store',
      merchantSignProducts: 'DIRECT_PAYMENT',
      parentMerchantId: null,
      current: true,
    },
    {
      merchantId: 'M1000002',
      merchantName: 'Demo Store Europe',
      merchantSignProducts: 'DIRECT_PAYMENT',
      parentMerchantId: 'M100001',
      current: false,
    },
  ],
};

interface Answers {
  balances?: CurrencyBalance[] | Error;
  subMerchants?: SubMerchantBalances[] | Error;
  page?: { total: number; totalExact?: boolean; records: BalanceTransactionRecord[] } | Error;
}
const answerOf = <T,>(value: T | Error): T => {
  if (value instanceof Error) throw value;
  return value;
};
function answer({
  balances = BALANCES,
  subMerchants = [],
  page = { total: 3, totalExact: true, records: [CAPTURE, REFUND, SETTLEMENT] },
}: Answers = {}) {
  getMock.mockImplementation(async (url: string) => {
    if (url === ACCOUNT_PATHS.balances) return answerOf(balances) as never;
    if (url === BALANCE_TRANSACTION_PATHS.subMerchantBalances) return answerOf(subMerchants) as never;
    throw new Error(`unexpected GET ${url}`);
  });
  postMock.mockImplementation(async (url: string) => {
    if (url === SAVED_VIEW_PATHS.list) return [] as never;
    if (url === BALANCE_TRANSACTION_PATHS.list) return answerOf(page) as never;
    throw new Error(`unexpected POST ${url}`);
  });
}
const listCalls = () => postMock.mock.calls.filter(([url]) => url === BALANCE_TRANSACTION_PATHS.list);

function renderAt(entry: string, state: Partial<GlobalStateApi> = PARENT) {
  return renderPageAt('/account/balance', <BalancePage />, entry, testGlobalState(state));
}

runInDesktopWindow();

afterEach(() => {
  cleanup();
  getMock.mockReset();
  postMock.mockReset();
  window.localStorage.clear();
});

// antd tables render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('BalancePage', () => {
  it('shows a card per currency: available largest, pending and reserved, each with what it means', async () => {
    answer();
    renderAt('/account/balance');
    expect(screen.getByRole('heading', { level: 1, name: 'Balance' })).toBeTruthy();
    const usd = await screen.findByRole('region', { name: 'USD balance' });
    expect(within(usd).getByText('12,345.50 USD').className).toContain('mbo-balance-figure__amount');
    // The list's Views, Columns and Export sit with its table under the balances, not in the page's header.
    const heading = screen.getByRole('heading', { level: 2, name: 'Balance transactions' });
    const views = screen.getByRole('button', { name: 'Views' });
    expect(heading.compareDocumentPosition(views) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(usd.compareDocumentPosition(views) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(views.closest('.mbo-page-header')).toBeNull();
    expect(within(usd).getByText('Can be withdrawn or refunded from.')).toBeTruthy();
    expect(within(usd).getByText('980.00 USD')).toBeTruthy();
    expect(within(usd).getByText('Captured, not yet settled.')).toBeTruthy();
    expect(within(usd).getByText('25.00 USD')).toBeTruthy();
    expect(within(usd).getByText('Held, e.g. for disputes.')).toBeTruthy();
    expect(within(usd).getByText('US Dollar')).toBeTruthy();
    // No decimals in yen.
    const jpy = screen.getByRole('region', { name: 'JPY balance' });
    expect(within(jpy).getByText('150,000 JPY')).toBeTruthy();
    expect(within(jpy).getAllByText('0 JPY')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Sub-merchants' })).toBeNull();
  });

  it('rolls up the sub-merchants per currency, each currency with its own total', async () => {
    answer({ subMerchants: SUB_MERCHANTS });
    renderAt('/account/balance');
    const card = await screen.findByRole('region', { name: 'Sub-merchants' });
    const rows = within(card)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent?.replace(/\u00a0/g, ' ')),
      );
    expect(rows).toEqual([
      ['Demo Store EuropeM1000002', 'EUR', '100.50 EUR', '20.00 EUR', '0.00 EUR'],
      ['Demo Store AsiaM1000003', 'EUR', '10.00 EUR', '1.50 EUR', '3.00 EUR'],
      ['Total EUR', 'EUR', '110.50 EUR', '21.50 EUR', '3.00 EUR'],
      ['Demo Store EuropeM1000002', 'USD', '5.00 USD', '0.00 USD', '0.00 USD'],
      ['Total USD', 'USD', '5.00 USD', '0.00 USD', '0.00 USD'],
    ]);
  });

  it('lists the balance transactions: type, reference to its detail, signed changes and the balances after', async () => {
    answer();
    renderAt('/account/balance');
    const list = await screen.findByRole('region', { name: 'Balance transactions' });
    await within(list).findByText('PY200');
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Type',
      'Reference',
      'Net',
      'Available',
      'Pending',
      'Available after',
      expect.stringMatching(/^Created/),
    ]);
    const [capture, refund, settlement] = within(list).getAllByRole('row').slice(1);
    expect(within(capture).getByText('Capture')).toBeTruthy();
    expect(within(capture).getByRole('link', { name: 'PY200' }).getAttribute('href')).toBe(
      '/transactions/payments_detail?paymentId=PY200',
    );
    expect(within(capture).getAllByText('+97.00 USD')).toHaveLength(2); // net and pending
    expect(within(capture).getByText('+97.00 USD', { selector: 'strong *, strong' })).toBeTruthy();
    expect(within(capture).getByText('12,345.50 USD')).toBeTruthy();
    expect(within(capture).getByText('2026-05-02 11:04:05')).toBeTruthy(); // Asia/Singapore

    expect(within(refund).getByText('Refund', { selector: '.ant-tag' })).toBeTruthy();
    expect(within(refund).getByRole('link', { name: 'RF300' }).getAttribute('href')).toBe(
      '/transactions/refunds_detail?refundId=RF300',
    );
    const debit = within(refund).getAllByText('−12.50 USD');
    expect(debit).toHaveLength(2);
    expect(debit[0].closest('.ant-typography-danger')).toBeTruthy();

    expect(within(settlement).getByText('Settlement', { selector: '.ant-tag' })).toBeTruthy();
    expect(within(settlement).getByRole('link', { name: 'ST400' }).getAttribute('href')).toBe(
      '/settlements/detail?settlementId=ST400',
    );
    expect(within(settlement).getByText('+500.00 USD').closest('.ant-typography-success')).toBeTruthy();
    expect(within(settlement).getByText('−500.00 USD')).toBeTruthy();
    expect(screen.getByText('3 balance transactions')).toBeTruthy();
    expect(listCalls()).toEqual([
      [
        BALANCE_TRANSACTION_PATHS.list,
        { pageNum: 1, pageSize: 20, sort: 'createdAt:desc' },
        expect.objectContaining({ showErrorMessage: true }),
      ],
    ]);
  });

  it('shows references as text for a role that cannot open the payment or refund', async () => {
    answer();
    renderAt('/account/balance', { authUrls: [] });
    expect(await screen.findByText('PY200')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'PY200' })).toBeNull();
    expect(screen.getByRole('button', { name: /Export/ }).hasAttribute('disabled')).toBe(true);
  });

  it("sends the URL filters to the server, the type filter as the call's type", async () => {
    answer();
    renderAt(
      '/account/balance?kind=REFUND,CAPTURE&currency=USD&q=PY200&from=2026-05-01&to=2026-05-02&sort=createdAt:asc&page=2',
    );
    await screen.findByText('PY200');
    expect(listCalls()[0][1]).toEqual({
      type: ['REFUND', 'CAPTURE'],
      currency: 'USD',
      keyword: 'PY200',
      createdFrom: '2026-04-30T16:00:00.000Z',
      createdTo: '2026-05-02T15:59:59.999Z',
      pageNum: 2,
      pageSize: 20,
      sort: 'createdAt:asc',
    });
    expect(screen.getByRole('link', { name: /Export/ }).getAttribute('href')).toMatch(
      /^\/transactions\/reports\?type=BALANCE_TRANSACTIONS&/,
    );
  });

  it('writes a type filter to the URL and asks the server again from page 1', async () => {
    answer();
    renderAt('/account/balance?page=2');
    await screen.findByText('PY200');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByTitle('Refund'));
    await waitFor(() => expect(where()).toBe('/account/balance?kind=REFUND'));
    await waitFor(() =>
      expect(postMock).toHaveBeenLastCalledWith(
        BALANCE_TRANSACTION_PATHS.list,
        { type: ['REFUND'], pageNum: 1, pageSize: 20, sort: 'createdAt:desc' },
        expect.anything(),
      ),
    );
  });

  it('says so when the merchant has no balance and no transactions yet', async () => {
    answer({ balances: [], page: { total: 0, totalExact: true, records: [] } });
    renderAt('/account/balance');
    expect(await screen.findByText('No balance yet. Your money shows here once it reaches your account.')).toBeTruthy();
    expect(await screen.findByText('No balance transactions yet.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'USD balance' })).toBeNull();
  });

  it('shows the filtered empty state, which clears the filters', async () => {
    answer({ page: { total: 0, totalExact: true, records: [] } });
    renderAt('/account/balance?kind=SETTLEMENT');
    expect(await screen.findByText('No balance transactions match these filters.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /Clear filters/ })[0]);
    await waitFor(() => expect(where()).toBe('/account/balance'));
  });

  it('shows errors with a retry: balances, the sub-merchants of a parent, and the list', async () => {
    answer({ balances: new Error('down'), subMerchants: new Error('down'), page: new Error('down') });
    renderAt('/account/balance');
    expect(await screen.findByText('The balances could not be loaded.')).toBeTruthy();
    expect(await screen.findByText("The sub-merchants' balances could not be loaded.")).toBeTruthy();
    expect(await screen.findByText('The balance transactions could not be loaded.')).toBeTruthy();

    answer({ subMerchants: SUB_MERCHANTS });
    for (const retry of screen.getAllByRole('button', { name: 'Try again' })) fireEvent.click(retry);
    expect(await screen.findByRole('region', { name: 'USD balance' })).toBeTruthy();
    expect(await screen.findByText('Total EUR')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'PY200' })).toBeTruthy();
  });

  it('says nothing of sub-merchants when a merchant without any cannot load them', async () => {
    answer({ subMerchants: new Error('down') });
    renderAt('/account/balance', { authUrls: DETAIL_PAGES });
    await screen.findByRole('region', { name: 'USD balance' });
    await screen.findByText('PY200');
    expect(screen.queryByRole('region', { name: 'Sub-merchants' })).toBeNull();
  });

  it('shows each transaction in two columns on a phone', async () => {
    answer({ subMerchants: SUB_MERCHANTS });
    renderAt('/account/balance', { ...PARENT, isMobile: true });
    const list = await screen.findByRole('region', { name: 'Balance transactions' });
    await within(list).findByText('PY200');
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Transaction', 'Net']);
    expect(within(list).getByRole('link', { name: 'PY200' })).toBeTruthy();
    const roll = screen.getByRole('region', { name: 'Sub-merchants' });
    expect(
      within(roll)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Merchant', 'Available / pending / reserved']);
  });

  it('prefetches the balances, the sub-merchants and the first page quietly, with the filters of the URL', () => {
    const queryClient = new QueryClient();
    const spy = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue();
    prefetch({ queryClient, search: new URLSearchParams('kind=CAPTURE&currency=EUR'), timeZone: 'Asia/Singapore' });
    const keys = spy.mock.calls.map(([options]) => (options as { queryKey: unknown[] }).queryKey);
    expect(keys).toEqual([
      ['account', 'balances'],
      ['account', 'sub-merchant-balances'],
      [
        'balance-transactions',
        'list',
        { type: ['CAPTURE'], currency: 'EUR', pageNum: 1, pageSize: 20, sort: 'createdAt:desc' },
      ],
    ]);
    const list = spy.mock.calls[2][0] as unknown as { queryFn: (c: { signal: AbortSignal }) => unknown };
    answer();
    void list.queryFn({ signal: new AbortController().signal });
    expect(postMock).toHaveBeenCalledWith(
      BALANCE_TRANSACTION_PATHS.list,
      expect.anything(),
      expect.objectContaining({ showErrorMessage: false }),
    );
  });
});

describe('BalancePage in Chinese', () => {
  it('speaks Simplified Chinese: cards, meanings, the currency name and the transaction types', async () => {
    initTestI18n('zh-CN');
    try {
      answer({ subMerchants: SUB_MERCHANTS });
      renderAt('/account/balance');
      const usd = await screen.findByRole('region', { name: 'USD 余额' });
      expect(within(usd).getByText('可用于提现或退款。')).toBeTruthy();
      expect(within(usd).getByText('美元')).toBeTruthy();
      expect(await screen.findByRole('region', { name: '子商户' })).toBeTruthy();
      expect(screen.getByRole('heading', { level: 2, name: '余额交易' })).toBeTruthy();
      expect((await screen.findAllByText('EUR 合计')).length).toBeGreaterThan(0);
      expect((await screen.findAllByText('收款')).length).toBeGreaterThan(0);
      expect(screen.getAllByText('支付').length).toBeGreaterThan(0);
    } finally {
      initTestI18n('en');
    }
  });
});
