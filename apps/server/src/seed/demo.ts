import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { merchants, passwordHistory, roles, users } from '../db/schema';
import { hashPassword } from '../modules/auth';
import { seedDemoPayinServices } from './demo-payin-services';
import { seedDemoPaymentLinks } from './demo-payment-links';
import { DEFAULT_HISTORY_DAYS, generatePayments } from './generate-payments';
import { seedDemoDisputes } from './demo-disputes';
import type { TrafficProfile } from './payment-profiles';
import { seedDemoMoneyOut, seedDemoMoneyOutSettings } from './demo-money-out';
import { seedDemoPayouts } from './demo-payouts';
import { seedDemoSubscriptions } from './demo-subscriptions';
import { DEMO_SUPPORT_ROLE, seedDemoTeam } from './demo-team';
import { seedDemoIntegration } from './demo-integration';
import { seedDemoReportSchedules } from './demo-report-schedules';
import type { SecretBox } from '../lib/secret-box';

export const DEMO_PASSWORD = 'Merchant#2026';

export const DEMO_MERCHANTS = [
  { id: 'M1000001', name: 'Demo Store', parentId: null, signProduct: 'DIRECT_PAYMENT', timeZone: 'Europe/Amsterdam' },
  {
    id: 'M1000002',
    name: 'Demo Store Europe',
    parentId: 'M1000001',
    signProduct: 'DIRECT_PAYMENT',
    timeZone: 'Europe/Berlin',
  },
  {
    id: 'M1000003',
    name: 'Demo Store Asia',
    parentId: 'M1000001',
    signProduct: 'DIRECT_PAYMENT',
    timeZone: 'Asia/Singapore',
  },
  { id: 'M2000001', name: 'Demo Payouts Ltd', parentId: null, signProduct: 'PAYOUT', timeZone: 'Europe/London' },
] as const;

/**
 * Demo users (README). support@demo.test holds Demo Store's custom Support role; zh@demo.test reads the
 * product in Simplified Chinese (users.locale). The last three exist to try the login rules: invitation,
 * disabled, forced reset.
 */
export const DEMO_USERS = [
  {
    email: 'owner@demo.test',
    name: 'Olivia Owner',
    merchantId: 'M1000001',
    roleCode: 'OWNER',
    status: 'ACTIVE',
    forceReset: false,
  },
  {
    email: 'finance@demo.test',
    name: 'Finn Finance',
    merchantId: 'M1000001',
    roleCode: 'FINANCE',
    status: 'ACTIVE',
    forceReset: false,
  },
  {
    email: 'viewer@demo.test',
    name: 'Vera Viewer',
    merchantId: 'M1000001',
    roleCode: 'VIEWER',
    status: 'ACTIVE',
    forceReset: false,
  },
  {
    email: 'support@demo.test',
    name: 'Sam Support',
    merchantId: 'M1000001',
    roleCode: DEMO_SUPPORT_ROLE.code,
    status: 'ACTIVE',
    forceReset: false,
  },
  {
    email: 'zh@demo.test',
    name: '王芳',
    merchantId: 'M1000001',
    roleCode: 'OPERATIONS',
    status: 'ACTIVE',
    forceReset: false,
    locale: 'zh-CN',
  },
  {
    email: 'payouts@demo.test',
    name: 'Paul Payouts',
    merchantId: 'M2000001',
    roleCode: 'OWNER',
    status: 'ACTIVE',
    forceReset: false,
  },
  {
    email: 'invited@demo.test',
    name: '',
    merchantId: 'M1000001',
    roleCode: 'OPERATIONS',
    status: 'INVITED',
    forceReset: false,
  },
  {
    email: 'disabled@demo.test',
    name: 'Dana Disabled',
    merchantId: 'M1000001',
    roleCode: 'VIEWER',
    status: 'DISABLED',
    forceReset: false,
  },
  {
    email: 'reset@demo.test',
    name: 'Riley Reset',
    merchantId: 'M1000001',
    roleCode: 'OPERATIONS',
    status: 'ACTIVE',
    forceReset: true,
  },
] as const;

/** Demo payment history per merchant (Demo Payouts Ltd, a payout merchant, has none). */
export const DEMO_PAYMENTS: { merchantId: string; count: number; profile: TrafficProfile; seed: number }[] = [
  { merchantId: 'M1000001', count: 2500, profile: 'GLOBAL', seed: 1001 },
  { merchantId: 'M1000002', count: 600, profile: 'EUROPE', seed: 1002 },
  { merchantId: 'M1000003', count: 400, profile: 'ASIA', seed: 1003 },
];

/** The demo merchants that take payments: each holds the pay-in services of the catalogue (demo-payin-services.ts). */
const DEMO_PAYIN_MERCHANTS = DEMO_MERCHANTS.filter((m) => m.signProduct === 'DIRECT_PAYMENT').map((m) => m.id);

/**
 * Creates the demo data when the database has no merchant yet; returns true when it did. A demo
 * database made before pay-in services gets its merchants' services (they price every capture).
 */
export async function seedIfEmpty(db: Db, options: DemoOptions): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(merchants);
  if (n > 0) {
    await seedDemoPayinServices(db, DEMO_PAYIN_MERCHANTS);
    await seedDemoMoneyOutSettings(db);
    return false;
  }
  await seedDemo(db, options);
  return true;
}

export interface DemoOptions {
  /** The sandbox's own webhook receiver (/dev/webhooks), when the server runs it: Demo Store gets an endpoint there. */
  devWebhookUrl?: string;
  /** The database's keyring: the demo's bank account numbers and webhook secret are stored encrypted. */
  secrets: SecretBox;
}

export async function seedDemo(db: Db, options: DemoOptions): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(merchants).values([...DEMO_MERCHANTS]);
    await tx.insert(roles).values(DEMO_SUPPORT_ROLE);
    for (const u of DEMO_USERS) {
      const hasPassword = u.status !== 'INVITED';
      const [row] = await tx
        .insert(users)
        .values({
          ...u,
          passwordHash: hasPassword ? passwordHash : null,
          passwordChangedAt: hasPassword ? new Date() : null,
        })
        .returning({ id: users.id });
      if (hasPassword) await tx.insert(passwordHistory).values({ userId: row.id, hash: passwordHash });
    }
    await seedDemoTeam(tx);
  });
  // Before any payment: the services price them.
  await seedDemoPayinServices(db, DEMO_PAYIN_MERCHANTS);
  // Payment links in every state for Demo Store (the payout merchant takes no card payments), before
  // the generated history, whose settlement replay settles their captures' batches too.
  await seedDemoPaymentLinks(db, 'M1000001', 'owner@demo.test');
  // Subscriptions of Demo Store and its sub-merchants, replayed through the charge job up to now,
  // also before the generated history: its settlement replay settles their recent batches, the
  // older ones are settled on their due days here.
  await seedDemoSubscriptions(db, { settleBefore: new Date(Date.now() - DEFAULT_HISTORY_DAYS * 24 * 60 * 60 * 1000) });
  for (const p of DEMO_PAYMENTS) {
    await generatePayments(db, { merchantId: p.merchantId, count: p.count, profile: p.profile, seed: p.seed });
    await seedDemoDisputes(db, p.merchantId);
  }
  // After the history: the demo withdrawals draw on its available balance.
  await seedDemoMoneyOut(db, options.secrets);
  await seedDemoPayouts(db, options.secrets);
  // Last: its webhook history carries the latest payments and refunds as the API shows them.
  await seedDemoIntegration(db, options);
  // Scheduled reports of the report centre (the owner's daily payments and monthly settlements).
  await seedDemoReportSchedules(db);
}
