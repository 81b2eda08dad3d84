import { postMock } from '@/testing/mock-http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { USERCENTER_PATHS, type CurrentUser } from '@mbo/contracts/usercenter';
import { globalStateKeys } from '@/lib/query-keys';
import { newTestQueryClient, renderWithState, testGlobalState, TEST_USER } from '@/testing/render-with-state';
import { setupUser } from '@/testing/user';
import { currentThemeChoice, resetThemeStateForTests, THEME_STORAGE_KEY } from '../theme-preference';
import UserMenu from './user-menu';

beforeEach(() => {
  postMock.mockReset();
  window.localStorage.clear();
  resetThemeStateForTests();
});
afterEach(cleanup);

async function openMenu(user: CurrentUser) {
  const queryClient = newTestQueryClient();
  queryClient.setQueryData(globalStateKeys.currentUser(), user);
  renderWithState(<UserMenu />, testGlobalState({ user }), '/home', queryClient);
  const events = setupUser();
  await events.click(screen.getByRole('button', { name: /Olivia Owner/ }));
  return { events, queryClient };
}

describe('UserMenu: theme', () => {
  it('offers System, Light and Dark with the current one marked', async () => {
    await openMenu(TEST_USER);
    for (const name of ['System', 'Light', 'Dark'])
      expect(await screen.findByRole('menuitem', { name: new RegExp(`^${name}`) })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: /^System/ }).textContent).toContain('(current)');
    expect(screen.getByRole('menuitem', { name: /^Dark/ }).textContent).not.toContain('(current)');
  });

  it('applies a pick at once, keeps it on the server and in the current user', async () => {
    postMock.mockResolvedValue(null);
    const { events, queryClient } = await openMenu(TEST_USER);
    await events.click(await screen.findByRole('menuitem', { name: /^Dark/ }));
    expect(postMock).toHaveBeenCalledWith(USERCENTER_PATHS.saveTheme, { theme: 'dark' });
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(queryClient.getQueryData<CurrentUser>(globalStateKeys.currentUser())?.theme).toBe('dark');
  });

  it('goes back to the previous choice when the server refuses the pick', async () => {
    postMock.mockRejectedValue(new Error('refused'));
    const { events } = await openMenu(TEST_USER);
    await events.click(await screen.findByRole('menuitem', { name: /^Light/ }));
    await waitFor(() => expect(currentThemeChoice()).toBe('system'));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it("takes the signed-in user's stored choice over this browser's copy", async () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    await openMenu({ ...TEST_USER, theme: 'dark' });
    expect(currentThemeChoice()).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(postMock).not.toHaveBeenCalled();
  });
});
