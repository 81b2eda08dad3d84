import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Button, Checkbox } from 'antd';
import { setupUser } from '@/testing/user';
import MenuButton, { PopoverButton } from './menu-button';

afterEach(cleanup);

// jsdom lays nothing out: give every element a box so "shown" means rendered.
Object.defineProperty(HTMLElement.prototype, 'getClientRects', {
  configurable: true,
  value: () => [{}],
});

const ITEMS = [
  { key: 'profile', label: 'Profile' },
  { key: 'password', label: 'Change password' },
  { key: 'off', label: 'Unavailable', disabled: true },
  { key: 'logout', label: 'Log out' },
];

function Menu({ onClick }: { onClick: (key: string) => void }) {
  return (
    <>
      <MenuButton menu={{ items: ITEMS, onClick: ({ key }) => onClick(key) }}>
        <Button>Account</Button>
      </MenuButton>
      <button>Next</button>
    </>
  );
}

describe('MenuButton', () => {
  // The arrows inside the menu are antd's Menu, which needs a layout: e2e/tests/keyboard.spec.ts walks them.
  it('opens on Enter with focus on the first item; Escape closes and focuses the button', async () => {
    const user = setupUser();
    render(<Menu onClick={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Account' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    await user.keyboard('{Enter}');
    await expect.poll(() => document.activeElement?.textContent).toBe('Profile');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(button);
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
  });

  it('ArrowUp opens on the last item; choosing an item gives focus back to the button, then calls it', async () => {
    const user = setupUser();
    const onClick = vi.fn(() => {
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Account' }));
    });
    render(<Menu onClick={onClick} />);
    screen.getByRole('button', { name: 'Account' }).focus();
    await user.keyboard('{ArrowUp}');
    await expect.poll(() => document.activeElement?.textContent).toBe('Log out');
    await user.click(screen.getByRole('menuitem', { name: 'Change password' }));
    expect(onClick).toHaveBeenCalledWith('password');
  });
});

describe('PopoverButton', () => {
  it('opens with focus on its first control; Escape closes it and gives focus back to the button', async () => {
    const user = setupUser();
    render(
      <PopoverButton content={<Checkbox>Amount</Checkbox>} title="Columns">
        <Button>Columns</Button>
      </PopoverButton>,
    );
    const button = screen.getByRole('button', { name: 'Columns' });
    button.focus();
    await user.keyboard('{Enter}');
    await expect.poll(() => document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Amount' }));
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(button);
  });
});
