import { afterEach, describe, expect, it, vi } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PAYMENTS_LIST } from '@mbo/contracts/lists/payments-list';
import { SAVED_VIEW_PATHS, type SavedView } from '@mbo/contracts/saved-views';
import { GlobalStateContext } from '@/lib/global-state';
import { renderWithTestAntd } from '@/testing/test-antd';
import { testGlobalState } from '@/testing/render-with-state';
import ListPage from './list-page';
import { useListState } from './use-list-state';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

interface Row {
  paymentId: string;
  amount: number;
}

const TEAM_VIEW: SavedView = {
  viewId: 'VW2',
  listKey: 'payments',
  name: 'Big EUR',
  shared: true,
  mine: false,
  ownerName: 'Fiona Finance',
  state: {
    filters: { currency: 'EUR', amountMin: '100' },
    columns: ['paymentId', 'amount', 'country'],
    sort: 'amount:desc',
  },
  createdAt: '2026-05-01T00:00:00.000Z',
  updatedAt: '2026-05-01T00:00:00.000Z',
};

/** A page made of PAYMENTS_LIST and the kit alone, fed with fixed rows. */
function Harness({
  total,
  totalExact,
  failed = false,
  onRetry = () => {},
  counts,
}: {
  total: number;
  totalExact?: boolean;
  failed?: boolean;
  onRetry?: () => void;
  /** The status count call's answer (the tiles). */
  counts?: Record<string, number>;
}) {
  const list = useListState(PAYMENTS_LIST);
  const data = failed ? undefined : { records: [{ paymentId: 'pay_1', amount: 100 }], total, totalExact };
  return (
    <ListPage<Row>
      list={list}
      header={{ eyebrow: 'Transactions', title: 'Payments', subtitle: 'Test' }}
      query={{ data, isFetching: false, isError: failed, refetch: onRetry }}
      cells={{ paymentId: (r) => r.paymentId, amount: (r) => `${r.amount} minor`, country: () => 'DE' }}
      statusLabels={{ SUCCESS: 'Succeeded', PENDING: 'Pending', FAILED: 'Failed', CANCELLED: 'Cancelled' }}
      tileCounts={counts ? { data: counts, loading: false } : undefined}
    />
  );
}

/** Renders the harness at a URL; the router it returns tells where the page has navigated. */
function renderAt(url: string, ui: React.ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [url] });
  renderWithTestAntd(
    <QueryClientProvider client={queryClient}>
      <App>
        <GlobalStateContext.Provider
          value={testGlobalState({ authUrls: ['/transactions/payments', '/transactions/reports'] })}
        >
          <RouterProvider router={router} />
        </GlobalStateContext.Provider>
      </App>
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  postMock.mockReset();
  window.localStorage.clear();
});

describe('the list kit', () => {
  it('shows an estimated total as "about N" and the default columns of the definition', async () => {
    postMock.mockResolvedValue([] as never);
    renderAt('/transactions/payments', <Harness total={1_002_500} totalExact={false} />);
    expect(await screen.findByText('about 1,002,500 payments')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Payment ID', 'Created', 'Amount', 'Status', 'Payment method', 'Customer']);
  });

  it('shows an error with a retry instead of the table when the list cannot load', async () => {
    postMock.mockResolvedValue([] as never);
    const retry = vi.fn();
    renderAt('/transactions/payments', <Harness total={0} failed onRetry={retry} />);
    expect(await screen.findByText('The payments could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('saves the current filters, columns and sort as a view, shared with the team', async () => {
    postMock.mockImplementation(async (url: string, body?: unknown) => {
      if (url === SAVED_VIEW_PATHS.create)
        return { ...TEAM_VIEW, viewId: 'VW9', mine: true, ...(body as object) } as never;
      return [] as never;
    });
    renderAt('/transactions/payments?status=FAILED&currency=EUR&sort=amount:asc', <Harness total={1} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Views' }));
    expect(await screen.findByText('No saved views yet')).toBeTruthy();
    const save = screen.getByText('Save current view…');
    await act(async () => fireEvent.click(save));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Save current view')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' Failed EUR ' } });
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(SAVED_VIEW_PATHS.create, expect.anything(), expect.anything()),
    );
    expect(postMock.mock.calls.find(([url]) => url === SAVED_VIEW_PATHS.create)?.[1]).toEqual({
      listKey: 'payments',
      name: 'Failed EUR',
      shared: true,
      state: {
        filters: { status: ['FAILED'], currency: 'EUR' },
        columns: ['paymentId', 'createdAt', 'amount', 'status', 'method', 'customer'],
        sort: 'amount:asc',
      },
    });
  });

  it("applies a teammate's shared view: its filters and sort go to the URL, its columns to the table", async () => {
    postMock.mockImplementation(async (url: string) => (url === SAVED_VIEW_PATHS.list ? [TEAM_VIEW] : []) as never);
    const router = renderAt('/transactions/payments?status=FAILED&page=3', <Harness total={1} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Views' }));
    expect(await screen.findByText('Shared by the team')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByText('Big EUR · Fiona Finance')));
    await waitFor(() => expect(router.state.location.search).toBe('?currency=EUR&amountMin=100&sort=amount%3Adesc'));
    await waitFor(() =>
      expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
        'Payment ID',
        'Amount',
        'Country',
      ]),
    );
    expect(screen.getByRole('button', { name: 'Views (showing Big EUR)' })).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem('mbo.columns.payments') ?? '{}').hidden).toContain('status');
  });

  it('status tiles and the status select are one filter: a tile sets it, a second status unpresses the tiles', async () => {
    postMock.mockResolvedValue([] as never);
    const counts = { ALL: 12, SUCCESS: 7, PENDING: 2, FAILED: 2, CANCELLED: 1 };
    const router = renderAt('/transactions/payments?page=2', <Harness total={2} counts={counts} />);
    const tiles = await screen.findByRole('group', { name: 'Payments by status' });
    expect(
      within(tiles)
        .getByRole('button', { name: /^All\s*12$/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.click(within(tiles).getByRole('button', { name: /^Failed\s*2$/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=FAILED'));
    expect(
      within(tiles)
        .getByRole('button', { name: /^Failed/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    // The bar's Status select shows the same choice, and adds to it.
    const bar = screen.getByRole('search', { name: 'Filters' });
    const status = within(bar).getByRole('combobox', { name: 'Status' });
    fireEvent.mouseDown(status);
    const option = async (title: string) =>
      (await screen.findAllByTitle(title)).find((el) => el.classList.contains('ant-select-item-option'));
    expect((await option('Failed'))?.classList.contains('ant-select-item-option-selected')).toBe(true);
    const pending = await option('Pending');
    expect(pending?.classList.contains('ant-select-item-option-selected')).toBe(false);
    fireEvent.click(pending as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe('?status=FAILED%2CPENDING'));
    for (const tile of within(tiles).getAllByRole('button')) expect(tile.getAttribute('aria-pressed')).toBe('false');
  });

  it("shows no tiles without the page's status counts, and never a segmented control in the bar", async () => {
    postMock.mockResolvedValue([] as never);
    renderAt('/transactions/payments', <Harness total={1} />);
    expect(await screen.findByRole('combobox', { name: 'Status' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Payments by status' })).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });
});
