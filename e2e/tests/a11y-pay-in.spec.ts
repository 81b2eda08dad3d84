import { expect, test, type Locator, type Page } from '@playwright/test';
import { PAYMENT_LINK_PATHS } from '@mbo/contracts/payment-links';
import { at, checkPagesWithAxe, firstDataRow, heading, MERCHANT, type CheckedPage } from '../support/a11y-pages';
import { signedInAs, sql } from '../support/fixtures';

/*
 * Accessibility of signing in, the home page and the money coming in (payments, refunds, payment links, reports,
 * search, settlements, disputes, subscriptions, the hosted checkout): axe-core on every page, the keyboard in its
 * dialogs, and motion. Money out and the settings are in a11y-money-out-settings.spec.ts.
 */

// Each page is checked on its own (a test signs in with a saved session, or not at all): the two
// workers share them out.
test.describe.configure({ mode: 'parallel' });

/**
 * A refundable payment no other test refunds or disputes while this one runs (in another worker):
 * of the demo data (not paid through a test's payment link) and not in EUR (payments.spec.ts refunds EUR).
 */
async function refundablePaymentId(): Promise<string> {
  const rows = await sql<{ id: string }>(
    `SELECT p.id FROM payments p
      WHERE p.merchant_id = $1 AND p.status = 'SUCCESS' AND p.created_at > now() - interval '30 days'
        AND p.payment_link_id IS NULL AND p.currency <> 'EUR'
        AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id)
        AND NOT EXISTS (SELECT 1 FROM disputes d WHERE d.payment_id = p.id)
      ORDER BY p.created_at DESC LIMIT 1`,
    [MERCHANT],
  );
  return rows[0].id;
}

async function refundId(): Promise<string> {
  const rows = await sql<{ id: string }>(
    `SELECT id FROM refunds WHERE merchant_id = $1 AND status = 'SUCCESS' ORDER BY created_at DESC LIMIT 1`,
    [MERCHANT],
  );
  return rows[0].id;
}

async function openPaymentDetail(page: Page): Promise<Locator> {
  await page.goto(`transactions/payments_detail?paymentId=${await refundablePaymentId()}`);
  const refund = page.getByRole('button', { name: 'Refund', exact: true });
  await expect(refund).toBeEnabled();
  return refund;
}

async function openPaymentLinks(page: Page): Promise<Locator> {
  await page.goto('transactions/payment_link');
  await expect(heading(page, 'Payment links')).toBeVisible();
  return page.getByRole('button', { name: 'Create payment link', exact: true });
}

const CHECKED_PAGES: CheckedPage[] = [
  { name: 'login', signedIn: false, open: at('auth/login', (p) => p.getByRole('button', { name: 'Log in' })) },
  {
    name: 'forgot password',
    signedIn: false,
    open: at('auth/forgot_password', (p) => p.getByText('Forgot your password?')),
  },
  { name: 'home', signedIn: true, open: at('home', (p) => heading(p, /^Good (morning|afternoon|evening)/)) },
  { name: 'payments list', signedIn: true, open: at('transactions/payments', firstDataRow) },
  {
    name: 'home on a phone',
    signedIn: true,
    phone: true,
    open: at('home', (p) => heading(p, /^Good (morning|afternoon|evening)/)),
  },
  {
    name: 'payments list on a phone',
    signedIn: true,
    phone: true,
    open: at('transactions/payments', (p) => heading(p, 'Payments')),
  },
  { name: 'payment detail', signedIn: true, open: openPaymentDetail },
  {
    name: 'refund dialog',
    signedIn: true,
    open: async (page) => {
      await (await openPaymentDetail(page)).click();
      return page.getByRole('dialog', { name: 'Refund payment' });
    },
  },
  { name: 'refunds list', signedIn: true, open: at('transactions/refunds', firstDataRow) },
  {
    name: 'refund detail',
    signedIn: true,
    open: async (page) => {
      await page.goto(`transactions/refunds_detail?refundId=${await refundId()}`);
      return page.getByText('Refund details');
    },
  },
  { name: 'payment links', signedIn: true, open: openPaymentLinks },
  {
    name: 'create payment link dialog',
    signedIn: true,
    open: async (page) => {
      await (await openPaymentLinks(page)).click();
      return page.getByRole('dialog', { name: 'Create payment link' });
    },
  },
  { name: 'report centre', signedIn: true, open: at('transactions/reports', (p) => heading(p, 'Reports')) },
  { name: 'report schedules', signedIn: true, open: at('transactions/reports?tab=schedules', firstDataRow) },
  {
    name: 'schedule report drawer',
    signedIn: true,
    open: async (page) => {
      await page.goto('transactions/reports?tab=schedules');
      await page.getByRole('button', { name: 'Schedule report' }).click();
      const form = page.getByRole('form', { name: 'Schedule report' });
      // Its checks shown beside the fields, as a user who sends it empty sees them.
      await form.getByRole('button', { name: 'Create schedule' }).click();
      await expect(form.getByText('Name the schedule, like "Daily payments".')).toBeVisible();
      // Measured at rest, not with the pointer over the button it clicked (its hover colour).
      await page.mouse.move(0, 0);
      return page.getByRole('dialog', { name: 'Schedule report' });
    },
  },
  {
    name: 'global search dialog',
    signedIn: true,
    open: async (page) => {
      const [payment] = await sql<{ id: string }>(
        `SELECT id FROM payments WHERE merchant_id = $1 ORDER BY created_at DESC LIMIT 1`,
        [MERCHANT],
      );
      await page.goto('home');
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Search/ })
        .click();
      await page.getByRole('combobox', { name: /Search records/ }).fill(payment.id);
      await expect(page.getByRole('option', { name: new RegExp(`^${payment.id}`) })).toBeVisible();
      return page.getByRole('dialog', { name: 'Search' });
    },
  },
  { name: 'FAQ', signedIn: true, open: at('transactions/faq', (p) => heading(p, 'Frequently asked questions')) },
  { name: 'pay-in services', signedIn: true, open: at('services/payin', firstDataRow) },
  { name: 'settlement history', signedIn: true, open: at('settlements/history', firstDataRow) },
  {
    name: 'settlement detail',
    signedIn: true,
    open: async (page) => {
      const [row] = await sql<{ id: string }>(
        `SELECT id FROM settlements WHERE merchant_id = $1 ORDER BY settlement_day DESC LIMIT 1`,
        [MERCHANT],
      );
      await page.goto(`settlements/detail?settlementId=${row.id}`);
      return page.getByRole('img', { name: /gross to .* net$/ });
    },
  },
  { name: 'clearing batches', signedIn: true, open: at('settlements/batch', firstDataRow) },
  {
    name: 'settlement estimation',
    signedIn: true,
    open: at('settlements/estimation', (p) => heading(p, /Estimation|estimation/)),
  },
  { name: 'settlement calendar', signedIn: true, open: at('settlements/calendar', (p) => p.getByRole('grid')) },
  { name: 'disputes', signedIn: true, open: at('transactions/disputes', firstDataRow) },
  {
    name: 'dispute detail',
    signedIn: true,
    open: async (page) => {
      // One of the demo data: disputes.spec.ts submits evidence for the one it opens, maybe meanwhile.
      const [row] = await sql<{ id: string }>(
        `SELECT d.id FROM disputes d LEFT JOIN payments p ON p.id = d.payment_id
          WHERE d.merchant_id = $1 AND d.status = 'EVIDENCE_REQUIRED' AND p.payment_link_id IS NULL ORDER BY d.due_at LIMIT 1`,
        [MERCHANT],
      );
      await page.goto(`transactions/disputes/detail?disputeId=${row.id}`);
      return page.getByRole('list', { name: 'Evidence checklist' });
    },
  },
  { name: 'agreements', signedIn: true, open: at('subscription/agreements', firstDataRow) },
  {
    name: 'agreement detail and cancel dialog',
    signedIn: true,
    open: async (page) => {
      // One of the demo data (the oldest): subscriptions.spec.ts cancels the agreement it creates, maybe meanwhile.
      const [row] = await sql<{ id: string }>(
        `SELECT id FROM agreements WHERE merchant_id = $1 AND status = 'ACTIVE' AND NOT cancel_at_period_end ORDER BY created_at, id LIMIT 1`,
        [MERCHANT],
      );
      await page.goto(`subscription/agreements/detail?agreementId=${row.id}`);
      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      return page.getByRole('dialog', { name: 'Cancel subscription' });
    },
  },
  {
    name: 'hosted checkout',
    signedIn: true,
    hosted: true,
    open: async (page) => {
      const created = await page.request.post(PAYMENT_LINK_PATHS.create, {
        data: {
          amount: '12.50',
          currency: 'EUR',
          description: 'Accessibility check',
          reusable: true,
          expiresInDays: 1,
        },
      });
      const { data } = (await created.json()) as { data: { url: string } };
      await page.goto(data.url);
      return page.getByRole('button', { name: /^Pay / });
    },
  },
];

checkPagesWithAxe(CHECKED_PAGES);

/**
 * Opens the dialog with `opener`, checks Tab and Shift+Tab stay inside it, closes it with Escape and
 * checks focus went back to `opener`. Returns the dialog.
 */
async function expectDialogKeepsFocus(page: Page, opener: Locator, name: string): Promise<Locator> {
  await opener.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusInDialog(page)).toBe(true);
  const stops = await dialogTabStops(page);
  expect(stops).toBeGreaterThan(2);
  await expectTabStaysInDialog(page, 'Tab', stops + 2);
  await expectTabStaysInDialog(page, 'Shift+Tab', stops + 2);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  return dialog;
}

/** True while the keyboard focus is inside the open modal dialog. */
function focusInDialog(page: Page): Promise<boolean> {
  return page.evaluate(
    () => !!document.querySelector('[role="dialog"][aria-modal="true"]')?.contains(document.activeElement),
  );
}

/** Presses Tab (or Shift+Tab) `times` times and checks after each press that focus stayed in the dialog. */
async function expectTabStaysInDialog(page: Page, key: 'Tab' | 'Shift+Tab', times: number): Promise<void> {
  for (let i = 1; i <= times; i++) {
    await page.keyboard.press(key);
    expect(await focusInDialog(page), `${key} press ${i} left the dialog`).toBe(true);
  }
}

/** Tab stops of the open dialog, counted in the page the way the browser walks them. */
function dialogTabStops(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      [
        ...(document
          .querySelector('[role="dialog"][aria-modal="true"]')
          ?.querySelectorAll<HTMLElement>('a[href], button, input, textarea, [tabindex]') ?? []),
      ].filter((el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0)
        .length,
  );
}

test.describe('keyboard', () => {
  test('the skip link is the first Tab stop and moves focus to the page content', async ({ page }) => {
    await signedInAs(page, 'owner@demo.test', 'transactions/payments');
    await expect(firstDataRow(page)).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab stop is the page's own first control, not the menu or the header.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(
        () =>
          !!document.querySelector('main')?.contains(document.activeElement) &&
          document.activeElement !== document.querySelector('main'),
      ),
    ).toBe(true);
    await expect(page).toHaveURL(/\/transactions\/payments$/);
  });

  test('the refund dialog keeps Tab inside and Escape gives focus back to the Refund button', async ({ page }) => {
    await signedInAs(page, 'owner@demo.test', null);
    // Named by its word alone: the icon's name ("rollback") is not part of it.
    const refund = await openPaymentDetail(page);
    await expect(page.getByRole('button', { name: /rollback/ })).toHaveCount(0);
    const dialog = await expectDialogKeepsFocus(page, refund, 'Refund payment');

    // A second opening is a fresh dialog and gives focus back the same way.
    await refund.press('Enter');
    await expect(dialog).toBeVisible();
    await expect.poll(() => focusInDialog(page)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(refund).toBeFocused();
  });

  test('the create-link dialog keeps Tab inside and Escape gives focus back to its button', async ({ page }) => {
    await signedInAs(page, 'owner@demo.test', null);
    const create = await openPaymentLinks(page);
    await expectDialogKeepsFocus(page, create, 'Create payment link');
  });
});

/**
 * Starts counting the finite CSS animations that start in the page (endless ones, spinners and skeletons, are left
 * out).
 */
async function countAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { startedAnimations: string[]; countingAnimations?: boolean };
    w.startedAnimations = [];
    if (w.countingAnimations) return;
    w.countingAnimations = true;
    document.addEventListener(
      'animationstart',
      (event) => {
        const counts = getComputedStyle(event.target as Element).animationIterationCount.split(',');
        if (!counts.every((c) => c.trim() === 'infinite')) w.startedAnimations.push(event.animationName);
      },
      true,
    );
  });
}
const startedAnimations = (page: Page) =>
  page.evaluate(() => (window as unknown as { startedAnimations: string[] }).startedAnimations);

test.describe('motion (WCAG 2.3.3)', () => {
  test('with reduced motion asked for, menus and dialogs open without animating; when the setting changes, they animate again', async ({
    page,
  }) => {
    // The tests run with reducedMotion: 'reduce' (playwright.config.ts).
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
    await signedInAs(page, 'owner@demo.test', null);
    const create = await openPaymentLinks(page);
    await countAnimations(page);
    await page.getByRole('button', { name: /^Account menu of/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeHidden();
    await create.click();
    const dialog = page.getByRole('dialog', { name: 'Create payment link' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await startedAnimations(page)).toEqual([]);

    // The system setting changes while the app is open: antd's motion is back.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await countAnimations(page);
    await page.getByRole('button', { name: /^Account menu of/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect.poll(async () => (await startedAnimations(page)).length).toBeGreaterThan(0);
  });
});
