import { expect, test, type Locator, type Page } from '@playwright/test';
import { blockingViolations, describeViolations } from './axe';
import { signedInAs, type DemoUser } from './sessions';

/** The Demo Store, whose pages most checks open. */
export const MERCHANT = 'M1000001';

/**
 * A built page, as a user reaches it. A new domain adds its pages to the accessibility spec of its area
 * (tests/a11y-*.spec.ts): `open` brings the page (or dialog) on screen and returns what must be visible before it is
 * measured.
 */
export interface CheckedPage {
  name: string;
  /**
   * Signed in as owner@demo.test first (its saved session: no login form); otherwise the page is opened as a new
   * visitor.
   */
  signedIn: boolean;
  /** Who is signed in (default the Demo Store owner). */
  as?: DemoUser;
  /** Measured on a phone (375 × 812) instead of the desktop window: the compact header, menu and cards. */
  phone?: boolean;
  /** A page the server writes itself (the hosted checkout): no app, its look follows prefers-color-scheme alone. */
  hosted?: boolean;
  open: (page: Page) => Promise<Locator>;
}

export const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
export const firstDataRow = (page: Page) => page.getByRole('row').nth(1);
/** An `open` that goes to `path` and waits for what `ready` finds. */
export const at = (path: string, ready: (page: Page) => Locator) => async (page: Page) => {
  await page.goto(path);
  return ready(page);
};

/** One test per page: axe-core finds no serious or critical violation in the light look, then in the dark. */
export function checkPagesWithAxe(pages: CheckedPage[]): void {
  test.describe('accessibility (axe-core, WCAG 2 A/AA)', () => {
    for (const checked of pages) {
      test(`${checked.name}: no serious or critical violations`, async ({ page }) => {
        // Two axe runs (the light look, then the dark) on one page load.
        test.slow();
        if (checked.phone) await page.setViewportSize({ width: 375, height: 812 });
        // Each `open` goes to its page itself.
        if (checked.signedIn) await signedInAs(page, checked.as ?? 'owner@demo.test', null);
        // The first page of a run also waits for a cold server and browser.
        await expect(await checked.open(page)).toBeVisible({ timeout: 30_000 });
        await page.waitForLoadState('networkidle');
        const violations = await blockingViolations(page);
        expect(violations, describeViolations(violations)).toEqual([]);
        // The same page in the dark look: the system turns dark, the user's choice stays System.
        await page.emulateMedia({ colorScheme: 'dark' });
        if (checked.hosted) await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(12, 19, 34)');
        else await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
        const dark = await blockingViolations(page);
        expect(dark, `in the dark look:\n${describeViolations(dark)}`).toEqual([]);
      });
    }
  });
}
