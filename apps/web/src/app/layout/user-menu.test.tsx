import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { CurrentUser } from '@mbo/contracts/usercenter';
import { renderWithState, testGlobalState, TEST_USER } from '@/testing/render-with-state';
import { setupUser } from '@/testing/user';
import UserMenu from './user-menu';

// The modal's chunk, loaded once here so opening it does not wait on the first import.
await import('@/features/user-center/components/two-factor-modal');

const OFF: CurrentUser = { ...TEST_USER, twoFactorEnabled: false, twoFactorSetupRequired: false };

afterEach(cleanup);

async function openMenu(user: CurrentUser) {
  renderWithState(<UserMenu />, testGlobalState({ user }));
  const events = setupUser();
  await events.click(screen.getByRole('button', { name: /Olivia Owner/ }));
  return events;
}

describe('UserMenu: two-factor sign-in', () => {
  it('shows the entry with its state (Off) and opens the two-factor modal', async () => {
    const events = await openMenu(OFF);
    const entry = await screen.findByRole('menuitem', { name: /Two-factor sign-in/ });
    expect(entry.textContent).toContain('Off');
    await events.click(entry);
    expect(await screen.findByRole('dialog', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Set up' })).toBeTruthy();
  });

  it('says On for a user who has it', async () => {
    await openMenu({ ...OFF, twoFactorEnabled: true });
    const entry = await screen.findByRole('menuitem', { name: /Two-factor sign-in/ });
    expect(entry.textContent).toContain('On');
    expect(entry.textContent).not.toContain('Off');
  });
});
