/**
 * The demo's subscription links and who subscribed through them (demo-subscriptions.ts replays them).
 * Every date is relative to the seed's "now", so the same statuses come out at every seed: the
 * margins around each charge, retry and cancellation are wider than months differ in length.
 */
import type { CancelWhen, SubscriptionPlan } from '@mbo/contracts/subscriptions';

/** [name, email, country]. */
export type DemoCustomer = readonly [string, string, string];

export interface DemoSignup {
  /** When the customer paid the link (the agreement's start), in days before now. */
  daysAgo: number;
  customer: DemoCustomer;
  /** Pays with the renewal-declined test card: the first charge succeeds, every renewal is declined. */
  declines?: true;
  /** Cancelled from the back-office (owner@demo.test) this many days ago. */
  cancel?: { when: CancelWhen; daysAgo: number };
}

export interface DemoPlanLink {
  description: string;
  /** Per cycle, minor units. */
  amount: number;
  currency: string;
  plan: SubscriptionPlan;
  createdDaysAgo: number;
  /** Days from creation to expiry (at most 30, as the create form allows). */
  lifetimeDays: number;
  deactivatedDaysAgo?: number;
  signups: DemoSignup[];
}

const MONTHLY: SubscriptionPlan = { interval: 'MONTH', intervalCount: 1 };
const WEEKLY: SubscriptionPlan = { interval: 'WEEK', intervalCount: 1 };
const YEARLY: SubscriptionPlan = { interval: 'YEAR', intervalCount: 1 };

const s = (
  daysAgo: number,
  customer: DemoCustomer,
  more: Omit<DemoSignup, 'daysAgo' | 'customer'> = {},
): DemoSignup => ({ daysAgo, customer, ...more });
const declining = { declines: true } as const;
const cancelNow = (daysAgo: number) => ({ cancel: { when: 'NOW' as const, daysAgo } });
const cancelAtPeriodEnd = (daysAgo: number) => ({ cancel: { when: 'PERIOD_END' as const, daysAgo } });

/**
 * Demo Store: every status (active, past due, cancelled by a user, at the period's end and after the
 * last failed retry, expired, active and set to cancel at the period's end), monthly, weekly, yearly
 * and quarterly plans in EUR, USD and GBP, up to eleven months back (within a year: the demo's
 * history, as other suites expect it, has nothing older). A plan is offered through several links
 * over time (a link lives 30 days at most).
 */
const DEMO_STORE: readonly DemoPlanLink[] = [
  {
    description: 'Coffee Club, monthly beans',
    amount: 2490,
    currency: 'EUR',
    plan: MONTHLY,
    createdDaysAgo: 330,
    lifetimeDays: 30,
    signups: [s(326.3, ['Anna de Vries', 'anna.devries@example.com', 'NL'])],
  },
  {
    description: 'Coffee Club, monthly beans',
    amount: 2490,
    currency: 'EUR',
    plan: MONTHLY,
    createdDaysAgo: 140,
    lifetimeDays: 30,
    signups: [
      s(138.2, ['Camille Dubois', 'camille.dubois@example.com', 'FR'], cancelAtPeriodEnd(55)),
      s(131.0, ['Sofia Rossi', 'sofia.rossi@example.net', 'IT'], cancelNow(50.5)),
      s(121.4, ['Eva Novak', 'eva.novak@example.com', 'AT'], declining),
      s(112.9, ['Lars Nielsen', 'lars.nielsen@example.org', 'DK']),
    ],
  },
  {
    description: 'Coffee Club, monthly beans',
    amount: 2490,
    currency: 'EUR',
    plan: MONTHLY,
    createdDaysAgo: 58,
    lifetimeDays: 30,
    signups: [
      s(52.4, ['Daan Bakker', 'daan.bakker@example.org', 'NL'], cancelAtPeriodEnd(5.3)),
      s(33.6, ['Lotte Visser', 'lotte.visser@example.com', 'NL'], declining),
    ],
  },
  {
    description: 'Coffee Club, monthly beans',
    amount: 2490,
    currency: 'EUR',
    plan: MONTHLY,
    createdDaysAgo: 24,
    lifetimeDays: 30,
    signups: [
      s(21.3, ['Marta Kowalska', 'marta.kowalska@example.com', 'PL']),
      s(2.2, ['Inès Lefèvre', 'ines.lefevre@example.com', 'FR']),
    ],
  },
  {
    description: 'Pro plan, yearly',
    amount: 19900,
    currency: 'USD',
    plan: YEARLY,
    createdDaysAgo: 320,
    lifetimeDays: 30,
    signups: [
      s(316.5, ['James Carter', 'james.carter@example.com', 'US']),
      s(305.2, ['Emily Johnson', 'emily.johnson@example.net', 'US'], cancelNow(200.4)),
      s(298.0, ['Olivia Garcia', 'olivia.garcia@example.com', 'US']),
    ],
  },
  {
    description: 'Pro plan, yearly',
    amount: 19900,
    currency: 'USD',
    plan: YEARLY,
    createdDaysAgo: 125,
    lifetimeDays: 30,
    deactivatedDaysAgo: 98,
    signups: [s(119.8, ['Ethan Miller', 'ethan.miller@example.com', 'CA'])],
  },
  {
    description: 'Weekly meal box',
    amount: 4500,
    currency: 'GBP',
    plan: WEEKLY,
    createdDaysAgo: 50,
    lifetimeDays: 30,
    signups: [
      s(43.7, ['Amelia Jones', 'amelia.jones@example.co.uk', 'GB'], cancelNow(16.1)),
      s(38.5, ['Harry Taylor', 'harry.taylor@example.com', 'GB'], declining),
    ],
  },
  {
    description: 'Weekly meal box',
    amount: 4500,
    currency: 'GBP',
    plan: WEEKLY,
    createdDaysAgo: 20,
    lifetimeDays: 21,
    signups: [
      s(17.6, ['Isla Wilson', 'isla.wilson@example.co.uk', 'GB']),
      s(8.4, ['George Evans', 'george.evans@example.net', 'GB'], declining),
      s(4.9, ['Freya Thomas', 'freya.thomas@example.co.uk', 'GB'], cancelAtPeriodEnd(1.2)),
    ],
  },
  {
    description: 'Design course, 3 monthly instalments',
    amount: 4900,
    currency: 'EUR',
    plan: { ...MONTHLY, cycles: 3 },
    createdDaysAgo: 110,
    lifetimeDays: 30,
    signups: [s(101.6, ['Noah Müller', 'noah.mueller@example.com', 'DE'])],
  },
  {
    description: 'Design course, 3 monthly instalments',
    amount: 4900,
    currency: 'EUR',
    plan: { ...MONTHLY, cycles: 3 },
    createdDaysAgo: 75,
    lifetimeDays: 30,
    signups: [s(70.3, ['Sem de Jong', 'sem.dejong@example.com', 'NL'])],
  },
  {
    description: 'Print magazine, quarterly',
    amount: 1800,
    currency: 'GBP',
    plan: { interval: 'MONTH', intervalCount: 3 },
    createdDaysAgo: 290,
    lifetimeDays: 30,
    signups: [
      s(283.4, ['Poppy Roberts', 'poppy.roberts@example.co.uk', 'GB']),
      s(266.1, ['Arthur Walker', 'arthur.walker@example.net', 'GB']),
    ],
  },
  {
    description: '4-week fitness bootcamp',
    amount: 3000,
    currency: 'EUR',
    plan: { ...WEEKLY, cycles: 4 },
    createdDaysAgo: 60,
    lifetimeDays: 30,
    signups: [s(52.3, ['Mila Peeters', 'mila.peeters@example.com', 'BE'])],
  },
  {
    description: '4-week fitness bootcamp',
    amount: 3000,
    currency: 'EUR',
    plan: { ...WEEKLY, cycles: 4 },
    createdDaysAgo: 12,
    lifetimeDays: 14,
    signups: [s(10.2, ['Emma Laurent', 'emma.laurent@example.com', 'FR'])],
  },
  {
    description: 'Photo editor licence, monthly',
    amount: 1200,
    currency: 'USD',
    plan: MONTHLY,
    createdDaysAgo: 100,
    lifetimeDays: 30,
    signups: [
      s(96.7, ['Samuel Wright', 'sam.wright@example.org', 'US']),
      s(80.3, ['Zoe Martinez', 'zoe.martinez@example.com', 'US'], declining),
    ],
  },
];

/**
 * Demo Store Europe: a co-working pass (one cancelled by a user, one after its retries), a weekly course and a yearly
 * library.
 */
const DEMO_STORE_EUROPE: readonly DemoPlanLink[] = [
  {
    description: 'Co-working hot desk, monthly',
    amount: 8900,
    currency: 'EUR',
    plan: MONTHLY,
    createdDaysAgo: 130,
    lifetimeDays: 30,
    signups: [
      s(126.6, ['Felix Hoffmann', 'felix.hoffmann@example.de', 'DE']),
      s(119.3, ['Lea Schulz', 'lea.schulz@example.de', 'DE'], cancelNow(50.3)),
    ],
  },
  {
    description: 'Co-working hot desk, monthly',
    amount: 8900,
    currency: 'EUR',
    plan: MONTHLY,
    createdDaysAgo: 45,
    lifetimeDays: 30,
    signups: [
      s(41.2, ['Maximilian Koch', 'max.koch@example.com', 'DE'], declining),
      s(36.4, ['Hannah Richter', 'hannah.richter@example.de', 'DE']),
    ],
  },
  {
    description: 'English conversation class, 4 weeks',
    amount: 2500,
    currency: 'GBP',
    plan: { ...WEEKLY, cycles: 4 },
    createdDaysAgo: 30,
    lifetimeDays: 30,
    signups: [s(26.2, ['Sophie Wolf', 'sophie.wolf@example.de', 'DE'])],
  },
  {
    description: 'Design assets library, yearly',
    amount: 12000,
    currency: 'USD',
    plan: YEARLY,
    createdDaysAgo: 300,
    lifetimeDays: 30,
    signups: [s(295.5, ['Niklas Schröder', 'niklas.schroeder@example.com', 'DE'])],
  },
];

/**
 * Demo Store Asia: cloud backup in USD (one cancelled after its retries, one at the period's end) and yearly support in
 * GBP.
 */
const DEMO_STORE_ASIA: readonly DemoPlanLink[] = [
  {
    description: 'Cloud backup 1 TB, monthly',
    amount: 999,
    currency: 'USD',
    plan: MONTHLY,
    createdDaysAgo: 140,
    lifetimeDays: 30,
    signups: [s(135.5, ['Wei Ling Tan', 'weiling.tan@example.sg', 'SG'])],
  },
  {
    description: 'Cloud backup 1 TB, monthly',
    amount: 999,
    currency: 'USD',
    plan: MONTHLY,
    createdDaysAgo: 130,
    lifetimeDays: 30,
    signups: [
      s(126.9, ['Aiko Sato', 'aiko.sato@example.jp', 'JP'], declining),
      s(104.5, ['Nur Aisyah', 'nur.aisyah@example.com', 'MY'], cancelAtPeriodEnd(20.5)),
    ],
  },
  {
    description: 'Premium support, yearly',
    amount: 24000,
    currency: 'GBP',
    plan: YEARLY,
    createdDaysAgo: 300,
    lifetimeDays: 30,
    signups: [s(296.0, ['Jun Hao Lim', 'junhao.lim@example.sg', 'SG'])],
  },
  {
    description: 'Premium support, yearly',
    amount: 24000,
    currency: 'GBP',
    plan: YEARLY,
    createdDaysAgo: 80,
    lifetimeDays: 30,
    signups: [s(77.7, ['Siti Rahmawati', 'siti.rahma@example.co.id', 'ID'])],
  },
];

/** Each demo merchant's subscription links. */
export const DEMO_SUBSCRIPTIONS: Readonly<Record<string, readonly DemoPlanLink[]>> = {
  M1000001: DEMO_STORE,
  M1000002: DEMO_STORE_EUROPE,
  M1000003: DEMO_STORE_ASIA,
};
