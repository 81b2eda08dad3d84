import { expect, test, type Page } from '@playwright/test';
import { signedInAs } from '../support/fixtures';

/**
 * The scroll containers of the tables on the page: for each, how wide its table is against the room there is, and
 * whether the keyboard can reach it (tabindex, role and name).
 */
function tableScrollers(page: Page) {
  return page.locator('.mbo-table-frame').evaluateAll((frames) =>
    frames.flatMap((frame) =>
      [...frame.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')].map((el) => ({
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        tabIndex: el.getAttribute('tabindex'),
        role: el.getAttribute('role'),
        name: el.getAttribute('aria-label'),
      })),
    ),
  );
}

test.describe('tables in their cards', () => {
  test('at 1440 px the default columns of the lists fit their cards: no sideways scroll, no tab stop', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInAs(page, 'owner@demo.test');
    for (const path of [
      'transactions/payments',
      'transactions/payment_link',
      'transactions/disputes',
      'services/payin',
      'settlements/batch',
      'settlements/batch/history',
    ]) {
      await page.goto(path);
      await expect(page.locator('.mbo-table-frame .ant-table-row').first()).toBeVisible();
      const scrollers = await tableScrollers(page);
      expect(scrollers.length, path).toBeGreaterThan(0);
      for (const s of scrollers) {
        expect(s.scrollWidth, path).toBeLessThanOrEqual(s.clientWidth);
        expect(s.tabIndex, path).toBeNull();
      }
    }
  });

  test("on a phone the report centre's table scrolls sideways as a named region the keyboard reaches", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signedInAs(page, 'owner@demo.test', 'transactions/reports');
    await expect(page.locator('.mbo-table-frame table').first()).toBeVisible();
    const [scroller] = await tableScrollers(page);
    expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth);
    expect(scroller).toMatchObject({ tabIndex: '0', role: 'region' });
    expect(scroller.name).toMatch(/scrolls sideways$/);
    const region = page.getByRole('region', { name: scroller.name ?? '' });
    await region.focus();
    await expect(region).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });
});
