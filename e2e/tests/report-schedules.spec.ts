import { expect, test } from '@playwright/test';
import { REPORT_SCHEDULE_PATHS } from '@mbo/contracts/report-schedules';
import { pickOption, signedInAs, sql, toast } from '../support/fixtures';

const NAME = 'E2E weekly refunds';

/** Scheduled reports: the finance user schedules one from the report centre, sees its next run, pauses it. */
test.describe('scheduled reports', () => {
  test.afterEach(async () => {
    await sql(`DELETE FROM report_schedules WHERE name = $1`, [NAME]);
  });

  test('schedules a weekly report, lists it with its next run in its zone, and pauses it', async ({ page }) => {
    await signedInAs(page, 'finance@demo.test', 'transactions/reports?tab=schedules');
    await expect(page.getByRole('tab', { name: 'Schedules', selected: true })).toBeVisible();
    await page.getByRole('button', { name: 'Schedule report' }).click();

    const form = page.getByRole('form', { name: 'Schedule report' });
    await form.getByLabel('Schedule name').fill(NAME);
    await pickOption(page, form, 'Report', 'Refunds');
    await form.getByText('XLSX', { exact: true }).click();
    await form.getByText('Weekly', { exact: true }).click();
    await pickOption(page, form, 'Day of the week', 'Monday');
    await form.getByLabel('Time (24 h)').fill('07:30');
    const zone = form.getByLabel('Time zone');
    await zone.click();
    await zone.fill('Singapore');
    await page.getByTitle('Asia/Singapore', { exact: true }).last().click();
    await expect(form.getByTitle('Asia/Singapore', { exact: true })).toBeVisible();
    // The recipients picker starts with the user; the finance user may read refunds.
    await expect(form.getByTitle('Finn Finance (finance@demo.test)')).toBeVisible();

    const created = page.waitForResponse((r) => r.url().includes(REPORT_SCHEDULE_PATHS.create));
    await form.getByRole('button', { name: 'Create schedule' }).click();
    const body = (await (await created).json()) as { code: string; data: { nextRunAt: string; scheduleId: string } };
    expect(body.code).toBe('000000');
    await expect(toast(page, `Schedule "${NAME}" created.`)).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: NAME });
    await expect(row).toBeVisible();
    await expect(row.getByText('Every Monday at 07:30')).toBeVisible();
    await expect(row.getByTitle('Asia/Singapore (GMT+08:00)')).toBeVisible();
    await expect(row.getByText(/^\d{4}-\d{2}-\d{2} 07:30$/)).toBeVisible();
    // Next Monday 07:30 in Singapore, within the coming week.
    const next = Date.parse(body.data.nextRunAt);
    expect(new Date(next + 8 * 3_600_000).toISOString().slice(11, 16)).toBe('07:30');
    expect(new Date(next + 8 * 3_600_000).getUTCDay()).toBe(1);
    expect(next - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    await expect(row.getByText('Not run yet')).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Pause ${NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: `Pause ${NAME}?` });
    await dialog.getByRole('button', { name: 'Pause schedule' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Paused', { exact: true }).first()).toBeVisible();
    await expect(row.getByRole('button', { name: `Resume ${NAME}` })).toBeVisible();
    const [saved] = await sql<{ status: string; next_run_at: Date | null }>(
      `SELECT status, next_run_at FROM report_schedules WHERE id = $1`,
      [body.data.scheduleId],
    );
    expect(saved).toEqual({ status: 'PAUSED', next_run_at: null });
  });
});
