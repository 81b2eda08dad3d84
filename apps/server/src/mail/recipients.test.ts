import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEAM_PATHS } from '@mbo/contracts/team';
import { teamClient } from '../modules/team/team-test-helpers';
import { createTestApp, type TestApp } from '../test/harness';
import type { DbOrTx } from '../db/client';
import { merchantRecipientsIn, type MailAudience } from './recipients';

/** The addresses told, in order. */
const merchantRecipients = async (tx: DbOrTx, merchantId: string, audience: MailAudience) =>
  (await merchantRecipientsIn(tx, merchantId, audience)).map((r) => r.email);

/** The audiences of the product's mails (disputes/dispute-mail.ts, bank-accounts/bank-account-mail.ts, webhooks). */
const DISPUTES: MailAudience = { may: { menu: '/transactions/disputes' }, builtIn: ['OWNER', 'FINANCE'] };
const BANK_ACCOUNTS: MailAudience = { may: { permission: 'API_BANK_ACCOUNT_UPDATE' }, builtIn: ['OWNER'] };
const WEBHOOKS: MailAudience = { may: { permission: 'API_INTEGRATION_UPDATE' }, builtIn: ['OWNER'] };

/**
 * Mail addressed by what a member may do: a page or a code their role grants, built-in or custom; of the built-in
 * roles, the ones each mail has always gone to. On PGlite and PostgreSQL.
 */
describe('mail recipients', () => {
  let t: TestApp;
  let c: ReturnType<typeof teamClient>;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp();
    c = teamClient(t);
    owner = await c.login('owner@demo.test');
  });
  afterAll(async () => {
    await t.close();
  });

  /** A custom role of Demo Store and an active member who holds it. */
  async function memberWithRole(email: string, role: Record<string, unknown>): Promise<void> {
    const created = await c.post(owner, TEAM_PATHS.createRole, role);
    expect(created.body.code, created.body.msg).toBe('000000');
    await c.addMember(owner, email, created.body.data.code);
  }

  it('tells the built-in roles each mail has always gone to, and the demo Support role the disputes', async () => {
    // Demo Store: an owner, finance, a viewer and operations (who read disputes but were never mailed), and
    // support@demo.test, whose custom Support role has the disputes page.
    expect(await merchantRecipients(c.db, 'M1000001', DISPUTES)).toEqual([
      'finance@demo.test',
      'owner@demo.test',
      'support@demo.test',
    ]);
    expect(await merchantRecipients(c.db, 'M1000001', BANK_ACCOUNTS)).toEqual(['owner@demo.test']);
    expect(await merchantRecipients(c.db, 'M1000001', WEBHOOKS)).toEqual(['owner@demo.test']);
    // A sub-merchant's news goes to its parent's members too; another merchant's members hear nothing of it.
    expect(await merchantRecipients(c.db, 'M1000002', BANK_ACCOUNTS)).toEqual(['owner@demo.test']);
    expect(await merchantRecipients(c.db, 'M2000001', BANK_ACCOUNTS)).toEqual(['payouts@demo.test']);
  });

  it('tells a member whose custom role grants the page or code, not one whose role lacks it, each in their language', async () => {
    await memberWithRole('desk@example.com', {
      baseCode: 'OPERATIONS',
      name: 'Disputes desk',
      menuUrls: ['/home', '/transactions/disputes'],
      permissionCodes: ['PAGE_DISPUTES_DETAIL'],
    });
    await memberWithRole('refunds@example.com', {
      baseCode: 'OPERATIONS',
      name: 'Refunds desk',
      menuUrls: ['/home', '/transactions/refunds'],
      permissionCodes: ['PAGE_REFUNDS_DETAIL'],
    });
    await memberWithRole('treasury@example.com', {
      baseCode: 'FINANCE',
      name: 'Treasury',
      menuUrls: ['/settings/bank-accounts'],
      permissionCodes: ['API_BANK_ACCOUNT_UPDATE'],
    });
    await memberWithRole('banks-read@example.com', {
      baseCode: 'FINANCE',
      name: 'Bank accounts (read)',
      menuUrls: ['/settings/bank-accounts'],
      permissionCodes: [],
    });

    const disputes = await merchantRecipients(c.db, 'M1000001', DISPUTES);
    expect(disputes).toContain('desk@example.com');
    expect(disputes).not.toContain('refunds@example.com');
    expect(disputes).not.toContain('treasury@example.com');
    const banks = await merchantRecipients(c.db, 'M1000001', BANK_ACCOUNTS);
    expect(banks).toEqual(['owner@demo.test', 'treasury@example.com']);
    expect(await merchantRecipients(c.db, 'M1000001', WEBHOOKS)).toEqual(['owner@demo.test']);

    // Each one in their own language (users.locale; English until they choose).
    await c.exec(sql`UPDATE users SET locale = 'zh-CN' WHERE email = 'desk@example.com'`);
    const inLanguage = await merchantRecipientsIn(c.db, 'M1000001', DISPUTES);
    expect(inLanguage.find((r) => r.email === 'desk@example.com')?.locale).toBe('zh-CN');
    expect(inLanguage.find((r) => r.email === 'owner@demo.test')?.locale).toBe('en');

    // A disabled member is told nothing, whatever their role grants.
    await c.exec(sql`UPDATE users SET status = 'DISABLED' WHERE email = 'treasury@example.com'`);
    expect(await merchantRecipients(c.db, 'M1000001', BANK_ACCOUNTS)).toEqual(['owner@demo.test']);
  });
});
