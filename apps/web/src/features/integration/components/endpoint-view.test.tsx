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
import { BROKEN, FAILED_DELIVERY, FAILED_DETAIL, ORDERS } from '../utils/integration-fixtures';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
runInDesktopWindow();

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const NEW_SECRET = 'whsec_NewNewNewNewNewNewNewNewNewNew00';

function answer(endpoint: WebhookEndpointRecord) {
  getMock.mockImplementation(async (url: string) => {
    if (url === INTEGRATION_PATHS.endpoint) return endpoint as never;
    if (url === INTEGRATION_PATHS.endpoints) return [endpoint] as never;
    if (url === INTEGRATION_PATHS.delivery) return FAILED_DETAIL as never;
    throw new Error(`unexpected ${url}`);
  });
  postMock.mockImplementation(async (url: string, body?: unknown) => {
    if (url === SAVED_VIEW_PATHS.list) return [] as never;
    if (url === INTEGRATION_PATHS.deliveries) {
      const req = body as DeliveryListRequest;
      return (req.pageSize === 1 ? { total: 1, records: [] } : { total: 1, records: [FAILED_DELIVERY] }) as never;
    }
    if (url === INTEGRATION_PATHS.endpointSecret) return { secret: SECRET, previousSecretExpiresAt: null } as never;
    if (url === INTEGRATION_PATHS.rotateSecret)
      return { secret: NEW_SECRET, previousSecretExpiresAt: '2099-01-02T00:00:00.000Z' } as never;
    if (url === INTEGRATION_PATHS.sendTestEvent)
      return { ...FAILED_DELIVERY, kind: 'TEST', status: 'PENDING' } as never;
    if (url === INTEGRATION_PATHS.replay) return { queued: 7 } as never;
    if (url === INTEGRATION_PATHS.deleteEndpoint || url === INTEGRATION_PATHS.retryDelivery) return {} as never;
    throw new Error(`unexpected ${url}`);
  });
}

const ALL = { API_KEY_MANAGE: true, API_INTEGRATION_UPDATE: true, PAGE_API_DOCS: true };
const state = (overrides: Partial<GlobalStateApi> = {}) =>
  testGlobalState({ authUrls: ['/settings/integration'], permissions: ALL, ...overrides });
const at = (endpoint: WebhookEndpointRecord) => `/settings/integration?tab=webhooks&endpoint=${endpoint.endpointId}`;
const renderAt = (url: string, s = state()) => renderPageAt('/settings/integration', <IntegrationPage />, url, s);
const dialogTitled = (title: string) =>
  waitFor(() => {
    const dialog = screen.queryAllByRole('dialog').find((d) => within(d).queryByText(title));
    if (!dialog) throw new Error(`no dialog "${title}"`);
    return dialog;
  });
const button = (name: string, root: HTMLElement = document.body) =>
  within(root).getByText(name, { selector: 'button *' }).closest('button') as HTMLButtonElement;

afterEach(() => {
  cleanup();
  postMock.mockReset();
  getMock.mockReset();
  window.localStorage.clear();
});

describe('EndpointView', () => {
  it('shows the endpoint, reveals its signing secret on request and rotates it after a confirmation', async () => {
    answer(ORDERS);
    renderAt(at(ORDERS));
    expect(await screen.findByText(ORDERS.url, { selector: 'h2' })).toBeTruthy();
    expect(screen.getByText('Order service')).toBeTruthy();
    expect(screen.getByText('payment.succeeded', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(postMock).not.toHaveBeenCalledWith(INTEGRATION_PATHS.endpointSecret, expect.anything(), expect.anything());

    fireEvent.click(button('Reveal'));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        INTEGRATION_PATHS.endpointSecret,
        { endpointId: ORDERS.endpointId },
        { showErrorMessage: false },
      ),
    );
    expect(await screen.findByText(SECRET)).toBeTruthy();
    fireEvent.click(button('Hide'));
    expect(screen.queryByText(SECRET)).toBeNull();

    fireEvent.click(button('Rotate'));
    const dialog = await dialogTitled('Rotate the signing secret?');
    expect(within(dialog).getByText(/For the next 24 hours each delivery is signed with both/)).toBeTruthy();
    fireEvent.click(button('Rotate secret', dialog));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        INTEGRATION_PATHS.rotateSecret,
        { endpointId: ORDERS.endpointId },
        { showErrorMessage: false },
      ),
    );
    expect(await screen.findByText(NEW_SECRET)).toBeTruthy();
  });

  it('says until when the previous secret signs after a rotation', async () => {
    answer({ ...ORDERS, previousSecretExpiresAt: '2099-01-02T00:00:00.000Z' });
    renderAt(at(ORDERS));
    expect(await screen.findByText('The previous secret also signs until 2099-01-02 08:00:00 GMT+08:00.')).toBeTruthy();
  });

  it('sends a test event, and deletes the endpoint after a confirmation, back to the list', async () => {
    answer(ORDERS);
    renderAt(at(ORDERS));
    await screen.findByText(ORDERS.url, { selector: 'h2' });
    fireEvent.click(button('Send test event'));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        INTEGRATION_PATHS.sendTestEvent,
        { endpointId: ORDERS.endpointId },
        { showErrorMessage: false },
      ),
    );

    fireEvent.click(button('Delete'));
    const dialog = await dialogTitled('Delete this endpoint?');
    expect(within(dialog).getByText(/This cannot be undone/)).toBeTruthy();
    fireEvent.click(button('Delete endpoint', dialog));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        INTEGRATION_PATHS.deleteEndpoint,
        { endpointId: ORDERS.endpointId },
        { showErrorMessage: false },
      ),
    );
    await waitFor(() => expect(where()).toBe('/settings/integration?tab=webhooks'));
  });

  it('explains a failing endpoint, and offers no test event or replay while it is off', async () => {
    answer(BROKEN);
    renderAt(at(BROKEN));
    expect(await screen.findByText('We turned this endpoint off after repeated failed deliveries.')).toBeTruthy();
    expect(button('Send test event').disabled).toBe(true);
    expect(button('Replay events').disabled).toBe(true);
    expect(screen.getAllByText(/Turn the endpoint on first/).length).toBeGreaterThan(0);
  });

  it('shows only this endpoint\'s deliveries; a row opens its payload and every attempt, and "Retry" sends it again', async () => {
    answer(ORDERS);
    renderAt(at(ORDERS));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        INTEGRATION_PATHS.deliveries,
        { endpointId: ORDERS.endpointId, pageNum: 1, pageSize: 20, sort: 'createdAt:desc' },
        expect.anything(),
      ),
    );
    fireEvent.click(await screen.findByLabelText('2026-03-02 09:00:00, show delivery'));
    await waitFor(() =>
      expect(getMock).toHaveBeenCalledWith(
        INTEGRATION_PATHS.delivery,
        { deliveryId: FAILED_DELIVERY.deliveryId },
        expect.anything(),
      ),
    );
    const drawer = (await screen.findByText('Delivery of payment.succeeded')).closest('.ant-drawer') as HTMLElement;
    expect(within(drawer).getByLabelText('Event payload').textContent).toContain('"amount": 1250');
    expect(within(drawer).getByRole('button', { name: 'Copy payload' })).toBeTruthy();
    expect(within(drawer).getByText('Attempt 1')).toBeTruthy();
    expect(within(drawer).getByText('Timed out after 10 s')).toBeTruthy();
    expect(within(drawer).getByText('10,000 ms')).toBeTruthy();
    expect(within(drawer).getByText('Attempt 2')).toBeTruthy();
    expect(within(drawer).getByText('{"error":"db down"}')).toBeTruthy();
    expect(within(drawer).getByText('231 ms')).toBeTruthy();

    fireEvent.click(button('Retry', drawer));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        INTEGRATION_PATHS.retryDelivery,
        { deliveryId: FAILED_DELIVERY.deliveryId },
        { showErrorMessage: false },
      ),
    );
  });

  it('without API_INTEGRATION_UPDATE: every change disabled with the reason, Retry included', async () => {
    answer(ORDERS);
    renderAt(at(ORDERS), state({ permissions: { API_KEY_MANAGE: true } }));
    await screen.findByText(ORDERS.url, { selector: 'h2' });
    for (const name of ['Edit', 'Send test event', 'Replay events', 'Delete', 'Reveal', 'Rotate'])
      expect(button(name).disabled, name).toBe(true);
    fireEvent.click(await screen.findByLabelText('2026-03-02 09:00:00, show delivery'));
    const drawer = (await screen.findByText('Delivery of payment.succeeded')).closest('.ant-drawer') as HTMLElement;
    expect(button('Retry', drawer).disabled).toBe(true);
    expect(within(drawer).getByText(/Your role cannot change webhooks/)).toBeTruthy();
  });

  it('edits the endpoint: the form starts from it and checks it again', async () => {
    answer(ORDERS);
    renderAt(at(ORDERS));
    await screen.findByText(ORDERS.url, { selector: 'h2' });
    fireEvent.click(button('Edit'));
    const dialog = await dialogTitled('Edit endpoint');
    expect((within(dialog).getByLabelText('Endpoint URL') as HTMLInputElement).value).toBe(ORDERS.url);
    expect(within(dialog).getByText(`2 of ${WEBHOOK_EVENT_TYPES.length} chosen`)).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText(/Payments payment\.\*/));
    fireEvent.click(button('Save endpoint', dialog));
    expect(await within(dialog).findByText('Choose at least one event.')).toBeTruthy();
    expect(postMock).not.toHaveBeenCalledWith(INTEGRATION_PATHS.updateEndpoint, expect.anything(), expect.anything());
  });

  it('replays a range of at most 31 days and says how many deliveries were queued', async () => {
    answer(ORDERS);
    renderAt(at(ORDERS));
    await screen.findByText(ORDERS.url, { selector: 'h2' });
    fireEvent.click(button('Replay events'));
    const dialog = await dialogTitled('From the start time up to, not including, the end time.');
    fireEvent.click(button('Replay events', dialog));
    expect(await within(dialog).findByText('Choose when the range starts and ends.')).toBeTruthy();

    fireEvent.click(button('Last 24 hours', dialog));
    expect((within(dialog).getByPlaceholderText('From') as HTMLInputElement).value).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    );
    fireEvent.click(button('Replay events', dialog));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        INTEGRATION_PATHS.replay,
        expect.objectContaining({ endpointId: ORDERS.endpointId }),
        { showErrorMessage: false },
      ),
    );
    const body = postMock.mock.calls.find(([url]) => url === INTEGRATION_PATHS.replay)![1] as {
      createdFrom: string;
      createdTo: string;
    };
    // Minutes are what the picker holds: the range is 24 hours to the minute.
    expect(Date.parse(body.createdTo) - Date.parse(body.createdFrom)).toBe(24 * 3_600_000);
    expect(await within(dialog).findByText('7 deliveries queued')).toBeTruthy();
  });

  it('goes back to the list, and says so when the endpoint is gone', async () => {
    answer(ORDERS);
    renderAt(at(ORDERS));
    fireEvent.click(await screen.findByText('All endpoints'));
    expect(where()).toBe('/settings/integration?tab=webhooks');
    cleanup();

    getMock.mockRejectedValue(new ApiError('Webhook endpoint not found.', '013001B043'));
    renderAt(at(ORDERS));
    expect(await screen.findByText('This endpoint was not found. It may have been deleted.')).toBeTruthy();
  });
});
