import { expect, test, type Locator, type Page } from '@playwright/test';
import { createUser, ownSession, signedInAs, sql, uniqueEmail } from '../support/fixtures';

/**
 * Every menu and dialog of the app from the keyboard alone: the menu button pattern (Enter opens on
 * the first item, the arrows move, Escape closes and gives focus back to the button), and dialogs
 * that open on their first field (not on Close), keep Tab inside and give focus back to what opened
 * them (apps/web/src/components/menu-button.tsx, apps/web/src/lib/a11y/dialog-first-focus.ts).
 */

// Many key presses, each waited for: more than the default minute on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** Where focus is, seen from a dialog: inside it (or on the panel around it), on its Close button, on a field. */
async function focusIn(dialog: Locator) {
  return dialog.evaluate((el) => {
    const active = document.activeElement as HTMLElement | null;
    return {
      inside: !!active && (el === active || el.contains(active) || active.contains(el)),
      close: !!active?.closest('.ant-modal-close, .ant-drawer-close'),
      field: !!active?.matches('input, textarea, select, [role="combobox"], [role="radio"], [role="checkbox"]'),
    };
  });
}

/**
 * The dialog is open with first focus inside it, not on Close (on a field when `field`); Tab and
 * Shift+Tab stay inside; Escape closes it and focus is back on `opener`.
 */
async function checkDialog(page: Page, name: string | RegExp, opener: Locator, field: boolean) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => focusIn(dialog), `first focus of ${String(name)}`)
    .toEqual({
      inside: true,
      close: false,
      field,
    });
  await page.keyboard.press('Shift+Tab');
  expect((await focusIn(dialog)).inside, `Shift+Tab stays in ${String(name)}`).toBe(true);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect((await focusIn(dialog)).inside, `Tab stays in ${String(name)}`).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/** The open dropdown menu (the side menu is a menu too). */
const dropdownMenu = (page: Page) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden) [role="menu"]');

/** Opens a menu from its button with Enter: focus on the first item; returns the items. */
async function openMenu(page: Page, button: Locator): Promise<Locator> {
  await button.focus();
  await page.keyboard.press('Enter');
  const items = dropdownMenu(page).locator('[role="menuitem"]:not([aria-disabled="true"])');
  await expect(items.first()).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  return items;
}

/** A menu: Enter opens it on its first item, ArrowDown walks every item, Escape gives focus back. */
async function checkMenu(page: Page, button: Locator): Promise<void> {
  const items = await openMenu(page, button);
  const count = await items.count();
  for (let i = 1; i < count; i++) {
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(i)).toBeFocused();
  }
  await page.keyboard.press('Escape');
  await expect(dropdownMenu(page)).toBeHidden();
  await expect(button).toBeFocused();
}

test('the user menu: every item by keyboard, each dialog on its first control and back to the menu, then log out', async ({
  page,
}) => {
  // A user of its own: logging out ends every session of the user.
  const email = uniqueEmail('keyboard');
  await createUser(email, 'OWNER');
  await ownSession(page, email);
  const trigger = page.getByRole('button', { name: /Account menu of/ });
  await checkMenu(page, trigger);

  const items = await openMenu(page, trigger);
  const names = (await items.allTextContents()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  expect(names).toEqual(expect.arrayContaining(['Profile', 'Login history', 'Change password', 'Log out']));

  // Each entry that opens a dialog, reached with the arrows and opened with Enter (Space for one).
  const dialogs: { item: string; name: string | RegExp; field: boolean }[] = [
    { item: 'Profile', name: 'Profile', field: false },
    { item: 'Login history', name: 'Login history', field: true },
    { item: 'Change password', name: 'Change password', field: true },
    { item: 'Two-factor sign-in', name: 'Two-factor sign-in', field: false },
  ];
  for (const [n, { item, name, field }] of dialogs.entries()) {
    await openMenu(page, trigger);
    const index = names.findIndex((t) => t.startsWith(item));
    expect(index, item).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: new RegExp(`^${item}`) })).toBeFocused();
    await page.keyboard.press(n === 0 ? ' ' : 'Enter');
    // The menu closed (the key chose the item; it did not click the button behind it too).
    await expect(dropdownMenu(page)).toBeHidden();
    await checkDialog(page, name, trigger, field);
  }

  // Log out: the last item, reached with ArrowUp from the button.
  await trigger.focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('the merchant switcher, a list’s views and columns menus and the save-view dialog', async ({ page }) => {
  await signedInAs(page, 'owner@demo.test', 'transactions/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();

  // The switcher is a combobox: ArrowDown opens its list and moves in it, Escape closes it, focus stays.
  const switcher = page.getByRole('combobox', { name: 'Switch merchant' });
  await switcher.focus();
  await page.keyboard.press('ArrowDown');
  await expect(switcher).toHaveAttribute('aria-expanded', 'true');
  const first = await switcher.getAttribute('aria-activedescendant');
  await page.keyboard.press('ArrowDown');
  await expect(switcher).not.toHaveAttribute('aria-activedescendant', first ?? '');
  await page.keyboard.press('Escape');
  await expect(switcher).toHaveAttribute('aria-expanded', 'false');
  await expect(switcher).toBeFocused();

  const views = page.getByRole('button', { name: 'Views' });
  await checkMenu(page, views);
  // "Save current view…" opens its dialog on the Name field; Escape gives focus back to Views.
  await views.focus();
  await page.keyboard.press('ArrowUp');
  const save = page.getByRole('menuitem', { name: 'Save current view…' });
  // The last item is "Manage my views…" once the user has views of their own.
  if (await page.getByRole('menuitem', { name: 'Manage my views…' }).count()) await page.keyboard.press('ArrowUp');
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Save current view' }).getByLabel('Name')).toBeFocused();
  await checkDialog(page, 'Save current view', views, true);

  // The column chooser: opens on its first checkbox; Escape gives focus back to the button.
  const columns = page.getByRole('button', { name: 'Columns' });
  await columns.focus();
  await page.keyboard.press('Enter');
  // The required columns' boxes are disabled: the first the user can change.
  await expect(
    page.getByRole('group', { name: 'Visible columns' }).getByRole('checkbox', { disabled: false }).first(),
  ).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(columns).toBeFocused();
});

test('the refund dialog, the team invite dialog and a member’s actions menu', async ({ page }) => {
  const [payment] = await sql<{ id: string }>(
    `SELECT p.id FROM payments p WHERE p.merchant_id = 'M1000001' AND p.status = 'SUCCESS'
        AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id)
        AND NOT EXISTS (SELECT 1 FROM disputes d WHERE d.payment_id = p.id)
      ORDER BY p.created_at DESC LIMIT 1`,
  );
  expect(payment, 'a refundable payment in the demo data').toBeTruthy();
  await signedInAs(page, 'owner@demo.test', `transactions/payments_detail?paymentId=${payment.id}`);
  const refund = page.getByRole('button', { name: 'Refund', exact: true });
  await refund.focus();
  await page.keyboard.press('Enter');
  await checkDialog(page, /Refund/, refund, true);

  await page.goto('settings/team');
  const invite = page.getByRole('button', { name: 'Invite member' });
  await invite.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Invite member' }).getByLabel('Email')).toBeFocused();
  await checkDialog(page, 'Invite member', invite, true);

  await checkMenu(page, page.getByRole('button', { name: /^Actions for / }).first());
});
