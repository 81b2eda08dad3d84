import { expect, request, test } from '@playwright/test';
import { generate } from 'otplib';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { at, checkPagesWithAxe, firstDataRow, MERCHANT, type CheckedPage } from '../support/a11y-pages';
import { createUser, login, sql, uniqueEmail } from '../support/fixtures';
import { E2E_BASE } from '../support/env';
import { apiLogin } from '../support/sessions';

/*
 * Accessibility of the money going out (balance, withdrawals, bank accounts, payouts) and the settings (profile,
 * team, two-factor sign-in, integration, API docs): axe-core on every page. Signing in and the money coming in are in
 * a11y-pay-in.spec.ts.
 */

// Each page is checked on its own (a test signs in with a saved session, or not at all): the two
// workers share them out.
test.describe.configure({ mode: 'parallel' });

/**
 * Two-factor sign-in on for `email`, set up through the API as the user menu does (the secret is
 * stored encrypted: it is not written into the database by hand).
 */
async function turnOnTwoFactor(email: string): Promise<void> {
  const api = await request.newContext({ baseURL: E2E_BASE });
  try {
    await apiLogin(api, email);
    const setup = (await (await api.post(USERCENTER_PATHS.twoFactorSetup)).json()) as {
      code: string;
      data: { secret: string };
    };
    expect(setup.code).toBe('000000');
    const enabled = (await (
      await api.post(USERCENTER_PATHS.twoFactorEnable, {
        data: { code: await generate({ secret: setup.data.secret }) },
      })
    ).json()) as { code: string };
    expect(enabled.code).toBe('000000');
  } finally {
    await api.dispose();
  }
}

const CHECKED_PAGES: CheckedPage[] = [
  {
    name: 'user centre: profile',
    signedIn: true,
    open: async (page) => {
      await page.goto('home');
      await page.getByRole('button', { name: /^Account menu of/ }).click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      return page.getByRole('dialog', { name: 'Profile' });
    },
  },
  { name: 'balance', signedIn: true, open: at('account/balance', firstDataRow) },
  // Demo Store's withdrawals close outside 08:00–20:00 Amsterdam time (a disabled form); Demo Payouts Ltd is always
  // open.
  { name: 'withdraw', signedIn: true, open: at('account/withdraw', firstDataRow) },
  { name: 'withdraw (open form)', signedIn: true, as: 'payouts@demo.test', open: at('account/withdraw', firstDataRow) },
  {
    name: 'withdrawal detail',
    signedIn: true,
    open: async (page) => {
      const [row] = await sql<{ id: string }>(
        `SELECT id FROM withdrawals WHERE merchant_id = $1 ORDER BY created_at DESC LIMIT 1`,
        [MERCHANT],
      );
      await page.goto(`account/withdraw?withdrawalId=${row.id}`);
      return page.getByRole('dialog', { name: `Withdrawal ${row.id}` });
    },
  },
  { name: 'bank accounts', signedIn: true, open: at('settings/bank-accounts', firstDataRow) },
  {
    name: 'add bank account dialog',
    signedIn: true,
    open: async (page) => {
      await page.goto('settings/bank-accounts');
      await page.getByRole('button', { name: 'Add bank account' }).click();
      return page.getByRole('dialog', { name: 'Add bank account' });
    },
  },
  { name: 'payout services', signedIn: true, as: 'payouts@demo.test', open: at('services/payout', firstDataRow) },
  {
    name: 'create payout',
    signedIn: true,
    as: 'payouts@demo.test',
    open: at('payout/create', (p) => p.getByRole('region', { name: 'Single payout' })),
  },
  {
    name: 'batch payout',
    signedIn: true,
    as: 'payouts@demo.test',
    open: at('payout/create?mode=batch', (p) => p.getByRole('button', { name: 'CSV template' })),
  },
  { name: 'payout history', signedIn: true, as: 'payouts@demo.test', open: at('payout/history', firstDataRow) },
  {
    name: 'payout batches',
    signedIn: true,
    as: 'payouts@demo.test',
    open: at('payout/history?tab=batches', firstDataRow),
  },
  {
    name: 'payout detail',
    signedIn: true,
    as: 'payouts@demo.test',
    open: async (page) => {
      const [row] = await sql<{ id: string }>(
        `SELECT id FROM payouts WHERE merchant_id = 'M2000001' AND batch_id IS NULL ORDER BY created_at LIMIT 1`,
      );
      await page.goto(`payout/history/detail?payoutId=${row.id}`);
      return page.getByText('Beneficiary', { exact: true });
    },
  },
  {
    name: 'payout batch detail',
    signedIn: true,
    as: 'payouts@demo.test',
    open: async (page) => {
      const [row] = await sql<{ id: string }>(
        `SELECT id FROM payout_batches WHERE merchant_id = 'M2000001' ORDER BY created_at LIMIT 1`,
      );
      await page.goto(`payout/history/batch/detail?batchId=${row.id}`);
      return page.getByRole('row').nth(1);
    },
  },
  { name: 'team members', signedIn: true, open: at('settings/team', firstDataRow) },
  {
    name: 'invite member dialog',
    signedIn: true,
    open: async (page) => {
      await page.goto('settings/team');
      await page.getByRole('button', { name: 'Invite member' }).click();
      return page.getByRole('dialog', { name: 'Invite member' });
    },
  },
  {
    name: 'team roles',
    signedIn: true,
    open: at('settings/team?tab=roles', (p) => p.getByRole('columnheader', { name: /Viewer/ })),
  },
  {
    name: 'create role drawer',
    signedIn: true,
    open: async (page) => {
      await page.goto('settings/team?tab=roles');
      await page.getByRole('button', { name: 'Create role' }).click();
      return page.getByRole('dialog', { name: 'Create role' }).getByRole('checkbox', { name: /^Payments/ });
    },
  },
  { name: 'team audit log', signedIn: true, open: at('settings/team?tab=audit', firstDataRow) },
  {
    name: 'two-factor setup dialog',
    signedIn: true,
    as: 'finance@demo.test',
    open: async (page) => {
      await page.goto('home');
      await page.getByRole('button', { name: /Finn Finance/ }).click();
      await page.getByRole('menuitem', { name: /Two-factor sign-in/ }).click();
      await page.getByRole('button', { name: 'Set up' }).click();
      return page.getByRole('img', { name: 'QR code for your authenticator app' });
    },
  },
  {
    name: 'login: the two-factor code step',
    signedIn: false,
    open: async (page) => {
      const email = uniqueEmail('a11y-2fa');
      await createUser(email);
      await turnOnTwoFactor(email);
      await login(page, email);
      return page.getByLabel('Enter the 6-digit code from your authenticator app');
    },
  },
  {
    name: 'integration: API keys',
    signedIn: true,
    open: at('settings/integration', (p) => p.getByRole('region', { name: 'API keys' })),
  },
  {
    name: 'create API key dialog',
    signedIn: true,
    open: async (page) => {
      await page.goto('settings/integration');
      await page.getByRole('button', { name: 'Create key' }).click();
      return page.getByRole('dialog', { name: 'Create API key' });
    },
  },
  {
    name: 'integration: webhooks',
    signedIn: true,
    open: at('settings/integration?tab=webhooks', (p) => p.getByRole('region', { name: 'Webhook endpoints' })),
  },
  {
    name: 'add webhook endpoint dialog',
    signedIn: true,
    open: async (page) => {
      await page.goto('settings/integration?tab=webhooks');
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      return page.getByRole('dialog', { name: 'Add endpoint' });
    },
  },
  {
    name: 'webhook endpoint with its delivery log',
    signedIn: true,
    open: async (page) => {
      const created = await page.request.post('/usercenter/web/v1/integration/webhook/create', {
        data: {
          url: 'http://127.0.0.1:9/a11y-hooks',
          eventTypes: ['payment.succeeded', 'refund.succeeded'],
          description: 'Accessibility check',
        },
      });
      const { data } = (await created.json()) as { data: { endpointId: string } };
      await page.request.post('/usercenter/web/v1/integration/webhook/send-test', {
        data: { endpointId: data.endpointId },
      });
      await page.goto(`settings/integration?tab=webhooks&endpoint=${data.endpointId}`);
      return page.getByRole('region', { name: 'Delivery log' }).getByRole('row').nth(1);
    },
  },
  {
    name: 'API docs',
    signedIn: true,
    open: at('settings/integration/api-docs', (p) =>
      p.getByRole('region', { name: 'API reference' }).getByText('/api/v1/payments', { exact: true }).first(),
    ),
  },
];

checkPagesWithAxe(CHECKED_PAGES);
