import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMock, postMock } from '@/testing/mock-http';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API_DOCS_ROUTE, INTEGRATION_PATHS, type ApiKeyList, type CreatedApiKey } from '@mbo/contracts/integration';
import type { GlobalStateApi } from '@/lib/global-state';
import { ApiError } from '@/lib/http/request';
import { renderPageAt, runInDesktopWindow, where } from '@/testing/render-page-at';
import { testGlobalState } from '@/testing/render-with-state';
import { CI_KEY, OLD_KEY, keyList } from '../utils/integration-fixtures';
import IntegrationPage, { endpointParamOf, integrationTabOf } from './integration-page';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
runInDesktopWindow();

const SECRET = 'sk_test_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const CREATED: CreatedApiKey = {
  key: { ...CI_KEY, keyId: 'key_0000000000000000C', name: 'New server', lastUsedAt: null, lastUsedIp: null },
  secret: SECRET,
};

/** The keys list answers `keys` (or fails); creating answers CREATED; revoking answers the key revoked. */
function answer(keys: ApiKeyList | Error) {
  getMock.mockImplementation(async (url: string) => {
    if (url === INTEGRATION_PATHS.apiKeys) {
      if (keys instanceof Error) throw keys;
      return keys as never;
    }
    if (url === INTEGRATION_PATHS.endpoints) return [] as never;
    throw new Error(`unexpected ${url}`);
  });
  postMock.mockImplementation(async (url: string, body?: unknown) => {
    if (url === INTEGRATION_PATHS.createApiKey) return CREATED as never;
    if (url === INTEGRATION_PATHS.revokeApiKey)
      return { ...CI_KEY, revokedAt: '2026-03-03T00:00:00.000Z', keyId: (body as { keyId: string }).keyId } as never;
    throw new Error(`unexpected ${url}`);
  });
}

const ALL = { API_KEY_MANAGE: true, API_INTEGRATION_UPDATE: true, PAGE_API_DOCS: true };
const state = (overrides: Partial<GlobalStateApi> = {}) =>
  testGlobalState({ authUrls: ['/settings/integration'], permissions: ALL, ...overrides });
const renderAt = (url: string, s = state()) => renderPageAt('/settings/integration', <IntegrationPage />, url, s);
/** The open dialog with this title (antd's ids are all "test-id" under test, so dialogs have no usable name). */
const dialogTitled = (title: string) =>
  waitFor(() => {
    const dialog = screen.queryAllByRole('dialog').find((d) => within(d).queryByText(title));
    if (!dialog) throw new Error(`no dialog "${title}"`);
    return dialog;
  });
/** The tab's "Create key" (the dialog's own button is portalled out of the section). */
const createButton = () =>
  within(screen.getByRole('region', { name: 'API keys' }))
    .getByText('Create key', { selector: 'button *' })
    .closest('button') as HTMLButtonElement;

afterEach(() => {
  cleanup();
  postMock.mockReset();
  getMock.mockReset();
  window.localStorage.clear();
});

describe('IntegrationPage: header', () => {
  it('shows the merchant id and the API base URL to copy, and the API docs with PAGE_API_DOCS', async () => {
    answer(keyList([CI_KEY]));
    renderAt('/settings/integration');
    expect(screen.getByRole('heading', { level: 1, name: 'Integration' })).toBeTruthy();
    const details = screen.getByRole('region', { name: 'Integration details' });
    expect(within(details).getByText('M100001')).toBeTruthy();
    expect(within(details).getByText(`${window.location.origin}/api/v1`)).toBeTruthy();
    expect(within(details).getByRole('button', { name: 'Copy merchant ID' })).toBeTruthy();
    expect(within(details).getByRole('button', { name: 'Copy API base URL' })).toBeTruthy();
    fireEvent.click(within(details).getByText('API docs'));
    expect(where()).toBe(API_DOCS_ROUTE);
  });

  it('has no API docs card without PAGE_API_DOCS', async () => {
    answer(keyList([CI_KEY]));
    renderAt('/settings/integration', state({ permissions: { API_KEY_MANAGE: true } }));
    expect(await screen.findByText('Checkout server')).toBeTruthy();
    expect(screen.queryByText('API docs')).toBeNull();
  });
});

describe('IntegrationPage: API keys', () => {
  it('lists the keys: name, prefix, mode, who created them, last use with its IP, status; and how many are active', async () => {
    answer(keyList([CI_KEY, OLD_KEY]));
    renderAt('/settings/integration');
    const row = (await screen.findByText('Checkout server')).closest('tr')!;
    expect(within(row).getByText('sk_test_AbCd…')).toBeTruthy();
    expect(within(row).getByText('Sandbox')).toBeTruthy();
    expect(within(row).getByText('2026-03-01 09:00:00')).toBeTruthy();
    expect(within(row).getByText('by owner@demo.test')).toBeTruthy();
    expect(within(row).getByText('2026-03-02 12:05:06')).toBeTruthy();
    expect(within(row).getByText('203.0.113.7')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    const old = screen.getByText('Old script').closest('tr')!;
    expect(within(old).getByText('Revoked')).toBeTruthy();
    expect(within(old).getByText('Never')).toBeTruthy();
    expect(within(old).queryByRole('button', { name: 'Revoke Old script' })).toBeNull();
    expect(screen.getByText('1 of 20 active keys')).toBeTruthy();
  });

  it('shows the secret once: a warning, a copy button, "Done" only once saved; closed, the secret is gone', async () => {
    answer(keyList([CI_KEY]));
    renderAt('/settings/integration');
    await screen.findByText('Checkout server');
    fireEvent.click(createButton());
    const dialog = await dialogTitled('Create API key');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  New server ' } });
    fireEvent.click(within(dialog).getByText('Create key', { selector: 'button *' }));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        INTEGRATION_PATHS.createApiKey,
        { name: 'New server' },
        { showErrorMessage: false },
      ),
    );

    const reveal = await dialogTitled('Copy your new API key');
    expect(within(reveal).getByText(SECRET)).toBeTruthy();
    expect(within(reveal).getByText("You won't see it again")).toBeTruthy();
    expect(within(reveal).getByRole('button', { name: 'Copy' })).toBeTruthy();
    const done = within(reveal).getByText('Done', { selector: 'button *' }).closest('button') as HTMLButtonElement;
    expect(done.disabled).toBe(true);
    expect(within(reveal).queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.click(within(reveal).getByRole('checkbox', { name: 'I have copied the key and stored it safely.' }));
    expect(done.disabled).toBe(false);
    fireEvent.click(done);

    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    // The list is read again (the new key in it); creating again starts from an empty name.
    await waitFor(() =>
      expect(getMock.mock.calls.filter(([url]) => url === INTEGRATION_PATHS.apiKeys).length).toBeGreaterThan(1),
    );
    fireEvent.click(createButton());
    const again = await dialogTitled('Create API key');
    expect((within(again).getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it("asks for a name, and keeps the dialog with the server's reason when it refuses", async () => {
    answer(keyList([CI_KEY]));
    postMock.mockRejectedValue(
      new ApiError('A merchant can have at most 20 active API keys. Revoke one you no longer use first.', '013001B041'),
    );
    renderAt('/settings/integration');
    await screen.findByText('Checkout server');
    fireEvent.click(createButton());
    const dialog = await dialogTitled('Create API key');
    fireEvent.click(within(dialog).getByText('Create key', { selector: 'button *' }));
    expect(await within(dialog).findByText('Enter a name for the key.')).toBeTruthy();
    expect(postMock).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByText('Create key', { selector: 'button *' }));
    expect(await within(dialog).findByText(/at most 20 active API keys/)).toBeTruthy();
  });

  it('disables "Create key" with the reason at 20 active keys', async () => {
    answer(keyList([CI_KEY], 20));
    renderAt('/settings/integration');
    await screen.findByText('Checkout server');
    expect(screen.getByText('20 of 20 active keys')).toBeTruthy();
    expect(createButton().disabled).toBe(true);
    expect(screen.getByText(/You have 20 active keys, the most a merchant can have/)).toBeTruthy();
  });

  it('revokes a key after a confirmation that says its calls fail at once', async () => {
    answer(keyList([CI_KEY]));
    renderAt('/settings/integration');
    await screen.findByText('Checkout server');
    fireEvent.click(screen.getByRole('button', { name: 'Revoke Checkout server' }));
    const dialog = await dialogTitled('Revoke “Checkout server”?');
    expect(within(dialog).getByText(/stops working immediately: every call made with it fails/)).toBeTruthy();
    expect(postMock).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByText('Revoke key', { selector: 'button *' }));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        INTEGRATION_PATHS.revokeApiKey,
        { keyId: CI_KEY.keyId },
        { showErrorMessage: false },
      ),
    );
    await waitFor(() => expect(screen.queryAllByRole('dialog')).not.toContain(dialog));
  });

  it('without API_KEY_MANAGE: "Create key" disabled with the reason, no revoke buttons', async () => {
    answer(keyList([CI_KEY]));
    renderAt('/settings/integration', state({ permissions: { API_INTEGRATION_UPDATE: true } }));
    await screen.findByText('Checkout server');
    expect(createButton().disabled).toBe(true);
    expect(screen.getByText(/Your role cannot create or revoke API keys/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke Checkout server' })).toBeNull();
  });

  it('says what a key is for when there is none, and offers a retry when the list fails', async () => {
    answer(keyList([]));
    renderAt('/settings/integration');
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    expect(screen.getByText(/lets your own server call the merchant API/)).toBeTruthy();
    cleanup();

    answer(new Error('down'));
    renderAt('/settings/integration');
    expect(await screen.findByText('The API keys could not be loaded.')).toBeTruthy();
    answer(keyList([CI_KEY]));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Checkout server')).toBeTruthy();
  });

  it('shows one card per key on a phone', async () => {
    answer(keyList([CI_KEY, OLD_KEY]));
    renderAt('/settings/integration', state({ isMobile: true }));
    const card = (await screen.findByText('Checkout server')).closest('td')!;
    expect(within(card).getByText('Last used 2026-03-02 12:05:06 from 203.0.113.7')).toBeTruthy();
    expect(within(card).getByLabelText('Revoke Checkout server')).toBeTruthy();
    expect(within(screen.getByText('Old script').closest('td')!).getByText('Never used')).toBeTruthy();
  });
});

describe('IntegrationPage: tabs', () => {
  it('keeps the tab in the URL and mounts only the active one', async () => {
    answer(keyList([CI_KEY]));
    renderAt('/settings/integration');
    await screen.findByText('Checkout server');
    fireEvent.click(screen.getByRole('tab', { name: 'Webhooks' }));
    expect(where()).toBe('/settings/integration?tab=webhooks');
    expect(await screen.findByText('No webhook endpoints yet')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Checkout server')).toBeNull());
    fireEvent.click(screen.getByRole('tab', { name: 'API keys' }));
    expect(where()).toBe('/settings/integration');
  });

  it('reads the tab and the endpoint from the URL', () => {
    expect(integrationTabOf(null)).toBe('keys');
    expect(integrationTabOf('webhooks')).toBe('webhooks');
    expect(integrationTabOf('nonsense')).toBe('keys');
    expect(endpointParamOf('we_0000000000000000A')).toBe('we_0000000000000000A');
    expect(endpointParamOf('we_x')).toBeNull();
    expect(endpointParamOf(null)).toBeNull();
  });
});
