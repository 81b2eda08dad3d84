import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMock, postMock } from '@/testing/mock-http';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  INTEGRATION_PATHS,
  WEBHOOK_EVENT_TYPES,
  type DeliveryListRequest,
  type WebhookEndpointRecord,
} from '@mbo/contracts/integration';
import { SAVED_VIEW_PATHS } from '@mbo/contracts/saved-views';
import type { GlobalStateApi } from '@/lib/global-state';
import { ApiError } from '@/lib/http/request';
import { renderPageAt, runInDesktopWindow, where } from '@/testing/render-page-at';
import { testGlobalState } from '@/testing/render-with-state';
import IntegrationPage from '../routes/integration-page';
import { BROKEN, FAILED_DELIVERY, ORDERS } from '../utils/integration-fixtures';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
runInDesktopWindow();

const NEW_ID = 'we_0000000000000000N';

function answer(endpoints: WebhookEndpointRecord[] | Error, create: 'ok' | Error = 'ok') {
  getMock.mockImplementation(async (url: string, data?: unknown) => {
    if (url === INTEGRATION_PATHS.endpoints) {
      if (endpoints instanceof Error) throw endpoints;
      return endpoints as never;
    }
    if (url === INTEGRATION_PATHS.endpoint)
      return { ...ORDERS, endpointId: (data as { endpointId: string }).endpointId } as never;
    throw new Error(`unexpected ${url}`);
  });
  postMock.mockImplementation(async (url: string, body?: unknown) => {
    if (url === SAVED_VIEW_PATHS.list) return [] as never;
    if (url === INTEGRATION_PATHS.deliveries) {
      const req = body as DeliveryListRequest;
      return (req.pageSize === 1 ? { total: 4, records: [] } : { total: 1, records: [FAILED_DELIVERY] }) as never;
    }
    if (url === INTEGRATION_PATHS.createEndpoint) {
      if (create instanceof Error) throw create;
      return { ...ORDERS, ...(body as object), endpointId: NEW_ID } as never;
    }
    if (url === INTEGRATION_PATHS.updateEndpoint) return { ...ORDERS, ...(body as object) } as never;
    throw new Error(`unexpected ${url}`);
  });
}

const ALL = { API_KEY_MANAGE: true, API_INTEGRATION_UPDATE: true, PAGE_API_DOCS: true };
const state = (overrides: Partial<GlobalStateApi> = {}) =>
  testGlobalState({ authUrls: ['/settings/integration'], permissions: ALL, ...overrides });
const renderAt = (url = '/settings/integration?tab=webhooks', s = state()) =>
  renderPageAt('/settings/integration', <IntegrationPage />, url, s);
const dialogTitled = (title: string) =>
  waitFor(() => {
    const dialog = screen.queryAllByRole('dialog').find((d) => within(d).queryByText(title));
    if (!dialog) throw new Error(`no dialog "${title}"`);
    return dialog;
  });
const section = () => screen.getByRole('region', { name: 'Webhook endpoints' });
const addButton = () =>
  within(section()).getByText('Add endpoint', { selector: 'button *' }).closest('button') as HTMLButtonElement;
const rowOf = async (url: string) => (await screen.findByText(url, { selector: '.ant-table-row *' })).closest('tr')!;

afterEach(() => {
  cleanup();
  postMock.mockReset();
  getMock.mockReset();
  window.localStorage.clear();
});

describe('WebhooksTab', () => {
  it("lists the endpoints: URL, events, on/off, failing, the last 24 hours; then every endpoint's delivery log", async () => {
    answer([ORDERS, BROKEN]);
    renderAt();
    const orders = await rowOf(ORDERS.url);
    expect(within(orders).getByText('Order service')).toBeTruthy();
    expect(within(orders).getByText('2 events')).toBeTruthy();
    expect(within(orders).getByText('payment.succeeded, payment.failed')).toBeTruthy();
    expect(within(orders).getByText('Enabled')).toBeTruthy();
    expect(within(orders).getByLabelText('Last 24 hours: 12 succeeded, 1 failed')).toBeTruthy();
    expect(
      (within(orders).getByLabelText(`Enabled: ${ORDERS.url}`) as HTMLButtonElement).getAttribute('aria-checked'),
    ).toBe('true');
    const broken = await rowOf(BROKEN.url);
    expect(within(broken).getByText('Failing')).toBeTruthy();
    expect(
      within(broken).getByText(/Disabled after repeated failures \(failing since 2026-02-26 08:00:00 GMT\+08:00\)/),
    ).toBeTruthy();
    expect(screen.getByText('2 of 16 endpoints')).toBeTruthy();

    // The log across endpoints: no endpoint filter, the status tiles counted per status.
    expect(await screen.findByText('Delivery log', { selector: 'h2' })).toBeTruthy();
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        INTEGRATION_PATHS.deliveries,
        { pageNum: 1, pageSize: 20, sort: 'createdAt:desc' },
        expect.anything(),
      ),
    );
    const tiles = screen.getByRole('group', { name: 'Delivery log by status' });
    await waitFor(() =>
      expect(
        within(tiles)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['All12', 'Pending4', 'Succeeded4', 'Failed4']),
    );

    fireEvent.click(within(orders).getByLabelText(`Open endpoint ${ORDERS.url}`));
    expect(where()).toBe(`/settings/integration?tab=webhooks&endpoint=${ORDERS.endpointId}`);
  });

  it('turns an endpoint off from its switch', async () => {
    answer([ORDERS]);
    renderAt();
    fireEvent.click(within(await rowOf(ORDERS.url)).getByLabelText(`Enabled: ${ORDERS.url}`));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(INTEGRATION_PATHS.updateEndpoint, {
        endpointId: ORDERS.endpointId,
        enabled: false,
      }),
    );
    expect(where()).toBe('/settings/integration?tab=webhooks');
  });

  it("checks the new endpoint's URL and events before sending it, then opens it", async () => {
    answer([ORDERS]);
    renderAt();
    await rowOf(ORDERS.url);
    fireEvent.click(addButton());
    const dialog = await dialogTitled('Events to send');
    const submit = () =>
      fireEvent.click(within(dialog).getByText('Add endpoint', { selector: '.ant-modal-footer button *' }));
    submit();
    expect(await within(dialog).findByText('Enter the URL of your endpoint.')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one event.')).toBeTruthy();

    const url = within(dialog).getByLabelText('Endpoint URL');
    fireEvent.change(url, { target: { value: 'http://example.com/hooks' } });
    expect(await within(dialog).findByText(/Use https:\/\//)).toBeTruthy();
    fireEvent.change(url, { target: { value: 'not a url' } });
    expect(await within(dialog).findByText(/Enter a full URL/)).toBeTruthy();
    expect(postMock).not.toHaveBeenCalledWith(INTEGRATION_PATHS.createEndpoint, expect.anything(), expect.anything());

    fireEvent.change(url, { target: { value: 'https://shop.example.com/hooks' } });
    fireEvent.click(within(dialog).getByLabelText(/Payments payment\.\*/));
    fireEvent.click(within(dialog).getByLabelText(/refund\.failed/));
    expect(within(dialog).getByText(`3 of ${WEBHOOK_EVENT_TYPES.length} chosen`)).toBeTruthy();
    submit();
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        INTEGRATION_PATHS.createEndpoint,
        {
          url: 'https://shop.example.com/hooks',
          eventTypes: ['payment.succeeded', 'payment.failed', 'refund.failed'],
          enabled: true,
        },
        { showErrorMessage: false },
      ),
    );
    await waitFor(() => expect(where()).toBe(`/settings/integration?tab=webhooks&endpoint=${NEW_ID}`));
  });

  it("selects every event at once, and keeps the dialog with the server's reason when it refuses the URL", async () => {
    answer([ORDERS], new ApiError('The URL must be https and reach a public address.', '013001B044'));
    renderAt();
    await rowOf(ORDERS.url);
    fireEvent.click(addButton());
    const dialog = await dialogTitled('Events to send');
    fireEvent.change(within(dialog).getByLabelText('Endpoint URL'), { target: { value: 'https://10.0.0.1/hooks' } });
    fireEvent.click(within(dialog).getByLabelText('Select all events'));
    expect(
      within(dialog).getByText(`${WEBHOOK_EVENT_TYPES.length} of ${WEBHOOK_EVENT_TYPES.length} chosen`),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Add endpoint', { selector: '.ant-modal-footer button *' }));
    expect(await within(dialog).findByText('The URL must be https and reach a public address.')).toBeTruthy();
    expect(where()).toBe('/settings/integration?tab=webhooks');
  });

  it('without API_INTEGRATION_UPDATE: "Add endpoint" and the switches disabled, with the reason', async () => {
    answer([ORDERS]);
    renderAt(undefined, state({ permissions: { API_KEY_MANAGE: true } }));
    const orders = await rowOf(ORDERS.url);
    expect(addButton().disabled).toBe(true);
    expect(screen.getByText(/Your role cannot change webhooks/)).toBeTruthy();
    expect((within(orders).getByLabelText(`Enabled: ${ORDERS.url}`) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says what an endpoint is for when there is none (and shows no log), and offers a retry when the list fails', async () => {
    answer([]);
    renderAt();
    expect(await screen.findByText('No webhook endpoints yet')).toBeTruthy();
    expect(screen.queryByText('Delivery log', { selector: 'h2' })).toBeNull();
    cleanup();

    answer(new Error('down'));
    renderAt();
    expect(await screen.findByText('The webhook endpoints could not be loaded.')).toBeTruthy();
    answer([ORDERS]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rowOf(ORDERS.url)).toBeTruthy();
  });

  it('shows one card per endpoint on a phone', async () => {
    answer([BROKEN]);
    renderAt(undefined, state({ isMobile: true }));
    const card = (await screen.findByText(BROKEN.url, { selector: '.ant-table-row *' })).closest('td')!;
    expect(within(card).getByText('Failing')).toBeTruthy();
    expect(within(card).getByText('refund.created, refund.succeeded and 1 more')).toBeTruthy();
    expect(within(card).getByLabelText(`Enabled: ${BROKEN.url}`)).toBeTruthy();
  });
});
