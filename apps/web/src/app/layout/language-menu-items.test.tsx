import { postMock } from '@/testing/mock-http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { USERCENTER_PATHS, type CurrentUser } from '@mbo/contracts/usercenter';
import { changeLocale, currentLocale, LOCALE_STORAGE_KEY } from '@/i18n/i18n';
import { globalStateKeys } from '@/lib/query-keys';
import { newTestQueryClient, renderWithState, testGlobalState, TEST_USER } from '@/testing/render-with-state';
import { setupUser } from '@/testing/user';
import UserMenu from './user-menu';

beforeEach(() => {
  postMock.mockReset();
  window.localStorage.clear();
});
afterEach(async () => {
  cleanup();
  await changeLocale('en', { remember: false });
});

async function openMenu(user: CurrentUser) {
  const queryClient = newTestQueryClient();
  queryClient.setQueryData(globalStateKeys.currentUser(), user);
  renderWithState(<UserMenu />, testGlobalState({ user }), '/home', queryClient);
  const events = setupUser();
  await events.click(await screen.findByRole('button', { name: /Olivia Owner/ }));
  return { events, queryClient };
}

describe('UserMenu: language', () => {
  it('switches to Simplified Chinese at once, keeps it on the server, in the current user and on this browser', async () => {
    postMock.mockResolvedValue(null);
    const { events, queryClient } = await openMenu(TEST_USER);
    await events.click(await screen.findByRole('menuitem', { name: /Language/ }));
    await events.click(await screen.findByRole('menuitem', { name: /简体中文/ }));
    await waitFor(() => expect(currentLocale()).toBe('zh-CN'));
    expect(postMock).toHaveBeenCalledWith(USERCENTER_PATHS.saveLocale, { locale: 'zh-CN' });
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('zh-CN');
    expect(queryClient.getQueryData<CurrentUser>(globalStateKeys.currentUser())?.locale).toBe('zh-CN');
    // The menu speaks it.
    await events.click(screen.getByRole('button', { name: /Olivia Owner/ }));
    expect(await screen.findByRole('menuitem', { name: /退出登录/ })).toBeTruthy();
  });

  it('goes back to the previous language when the server refuses the pick', async () => {
    postMock.mockRejectedValue(new Error('refused'));
    const { events } = await openMenu(TEST_USER);
    await events.click(await screen.findByRole('menuitem', { name: /Language/ }));
    await events.click(await screen.findByRole('menuitem', { name: /简体中文/ }));
    await waitFor(() => expect(postMock).toHaveBeenCalled());
    await waitFor(() => expect(currentLocale()).toBe('en'));
  });

  it("takes the signed-in user's language over this browser's", async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    await openMenu({ ...TEST_USER, locale: 'zh-CN' });
    await waitFor(() => expect(currentLocale()).toBe('zh-CN'));
    expect(postMock).not.toHaveBeenCalled();
  });

  it('keeps on the server the language chosen on the login page by a user who has none yet', async () => {
    postMock.mockResolvedValue(null);
    await changeLocale('zh-CN');
    await openMenu({ ...TEST_USER, locale: null });
    await waitFor(() => expect(postMock).toHaveBeenCalledWith(USERCENTER_PATHS.saveLocale, { locale: 'zh-CN' }));
  });
});
