import { sql } from 'drizzle-orm';
import { composeIBAN } from 'ibantools';
import { parseAmount } from '@mbo/contracts/money';
import type { PayoutArrival } from '@mbo/contracts/payout-services';
import type { Db, DbOrTx } from '../db/client';
import { newId } from '../lib/ids';
import type { SecretBox } from '../lib/secret-box';
import { placeOf } from '../db/encrypted-columns';
import { postTransaction, topUpPostings } from '../modules/ledger';
import { seedAwaitingApproval, seedWithdrawal } from './demo-withdrawals';

const DAY = 24 * 60 * 60 * 1000;
const minor = (text: string, currency: string) => {
  const parsed = parseAmount(text, currency);
  if (!parsed.ok) throw new Error(`demo amount ${text} ${currency}`);
  return parsed.minor as number;
};

/**
 * Withdrawal opening hours (README "Money out"): Demo Store and its sub-merchants on weekdays in
 * office hours, closed on their country's public holidays; Demo Payouts Ltd every day, all day, so
 * a demo always works.
 */
const HOURS: Record<string, { days: number[]; open: string; close: string; holidayCountry: string | null }> = {
  M1000001: { days: [1, 2, 3, 4, 5], open: '08:00', close: '20:00', holidayCountry: 'NL' },
  M1000002: { days: [1, 2, 3, 4, 5], open: '08:00', close: '20:00', holidayCountry: 'DE' },
  M1000003: { days: [1, 2, 3, 4, 5], open: '09:00', close: '18:00', holidayCountry: 'SG' },
  M2000001: { days: [1, 2, 3, 4, 5, 6, 7], open: '00:00', close: '24:00', holidayCountry: null },
};

/** Withdrawal agreements: fee (bps, fixed) and minimum per currency. Demo Store has none for JPY (006001B005). */
const AGREEMENTS: Record<string, { currency: string; bps: number; fixed: string; min: string; max: string | null }[]> =
  {
    M1000001: [
      { currency: 'EUR', bps: 0, fixed: '1.50', min: '10.00', max: '500000.00' },
      { currency: 'USD', bps: 0, fixed: '2.00', min: '10.00', max: '500000.00' },
      { currency: 'GBP', bps: 0, fixed: '1.00', min: '10.00', max: '500000.00' },
      { currency: 'SGD', bps: 10, fixed: '0.50', min: '20.00', max: null },
    ],
    M1000002: [{ currency: 'EUR', bps: 0, fixed: '1.50', min: '10.00', max: '500000.00' }],
    M1000003: [
      { currency: 'SGD', bps: 10, fixed: '0.50', min: '20.00', max: null },
      { currency: 'USD', bps: 0, fixed: '2.00', min: '10.00', max: null },
    ],
    M2000001: [
      { currency: 'GBP', bps: 0, fixed: '0.50', min: '5.00', max: null },
      { currency: 'EUR', bps: 0, fixed: '0.50', min: '5.00', max: null },
      { currency: 'USD', bps: 0, fixed: '1.00', min: '5.00', max: null },
    ],
  };

interface DemoAccount {
  bank: string;
  holder: string;
  country: string;
  currency: string;
  /** An IBAN's BBAN (the IBAN is composed with its check digits), or a local number with its routing code. */
  bban?: string;
  local?: { number: string; routing: string };
  bic?: string;
  status: 'VERIFIED' | 'REJECTED';
  isDefault?: boolean;
}

const ACCOUNTS: Record<string, DemoAccount[]> = {
  M1000001: [
    {
      bank: 'ING Bank',
      holder: 'Demo Store B.V.',
      country: 'NL',
      currency: 'EUR',
      bban: 'INGB0001234567',
      bic: 'INGBNL2A',
      status: 'VERIFIED',
      isDefault: true,
    },
    {
      bank: 'Deutsche Bank',
      holder: 'Demo Store B.V.',
      country: 'DE',
      currency: 'EUR',
      bban: '500700100123456789',
      bic: 'DEUTDEFF',
      status: 'VERIFIED',
    },
    {
      bank: 'JPMorgan Chase',
      holder: 'Demo Store Inc.',
      country: 'US',
      currency: 'USD',
      local: { number: '000123456789', routing: '021000021' },
      status: 'VERIFIED',
      isDefault: true,
    },
    {
      bank: 'Barclays',
      holder: 'Demo Store Ltd',
      country: 'GB',
      currency: 'GBP',
      bban: 'BARC20000055779911',
      bic: 'BARCGB22',
      status: 'VERIFIED',
      isDefault: true,
    },
    {
      bank: 'ABN AMRO',
      holder: 'Demo Shop',
      country: 'NL',
      currency: 'EUR',
      bban: 'ABNA0417160002',
      status: 'REJECTED',
    },
  ],
  M1000002: [
    {
      bank: 'Commerzbank',
      holder: 'Demo Store Europe GmbH',
      country: 'DE',
      currency: 'EUR',
      bban: '200400600123456700',
      bic: 'COBADEFF',
      status: 'VERIFIED',
      isDefault: true,
    },
  ],
  M1000003: [
    {
      bank: 'DBS Bank',
      holder: 'Demo Store Asia Pte. Ltd.',
      country: 'SG',
      currency: 'SGD',
      local: { number: '0721234567', routing: '7171001' },
      status: 'VERIFIED',
      isDefault: true,
    },
  ],
  M2000001: [
    {
      bank: 'HSBC UK',
      holder: 'Demo Payouts Ltd',
      country: 'GB',
      currency: 'GBP',
      bban: 'HBUK40127612345678',
      bic: 'HBUKGB4B',
      status: 'VERIFIED',
      isDefault: true,
    },
    {
      bank: 'BNP Paribas',
      holder: 'Demo Payouts Ltd',
      country: 'FR',
      currency: 'EUR',
      bban: '30004000031234567890143',
      bic: 'BNPAFRPP',
      status: 'VERIFIED',
      isDefault: true,
    },
  ],
};

/**
 * Approval needed above these amounts (maker-checker): Demo Store above 10,000 EUR or USD, Demo Payouts Ltd above
 * 50,000.
 */
const APPROVAL_THRESHOLDS: Record<string, Record<string, string>> = {
  M1000001: { EUR: '10000.00', USD: '10000.00' },
  M2000001: { GBP: '50000.00', EUR: '50000.00', USD: '50000.00' },
};

/** Funds Demo Payouts Ltd sent in (it takes no card payments): what its withdrawals and payouts draw on. */
const TOP_UPS: Record<string, { currency: string; amount: string }[]> = {
  M2000001: [
    { currency: 'GBP', amount: '500000.00' },
    { currency: 'EUR', amount: '250000.00' },
    { currency: 'USD', amount: '250000.00' },
  ],
};

/** Finished withdrawals of the last weeks: [days ago, currency, amount, outcome]. */
const HISTORY: Record<string, [number, string, string, 'SUCCESS' | 'FAILED' | 'CANCELLED'][]> = {
  M1000001: [
    [21, 'EUR', '5000.00', 'SUCCESS'],
    [14, 'USD', '2500.00', 'SUCCESS'],
    [9, 'EUR', '1200.00', 'CANCELLED'],
    [6, 'GBP', '800.00', 'FAILED'],
    [2, 'EUR', '3000.00', 'SUCCESS'],
  ],
  M2000001: [
    [10, 'GBP', '20000.00', 'SUCCESS'],
    [3, 'EUR', '5000.00', 'SUCCESS'],
  ],
};

/**
 * Payout services of Demo Payouts Ltd: [country, type, name, currency, bps, fixed, min, max, cut-off, zone, arrival,
 * status].
 */
const PAYOUT_SERVICES: [
  string,
  'BANK_TRANSFER' | 'EWALLET',
  string,
  string,
  number,
  string,
  string,
  string | null,
  string,
  string,
  PayoutArrival,
  'ACTIVE' | 'SUSPENDED',
][] = [
  [
    'GB',
    'BANK_TRANSFER',
    'Faster Payments',
    'GBP',
    0,
    '0.20',
    '1.00',
    '250000.00',
    '17:30',
    'Europe/London',
    'SAME_DAY',
    'ACTIVE',
  ],
  [
    'DE',
    'BANK_TRANSFER',
    'SEPA Credit Transfer',
    'EUR',
    0,
    '0.25',
    '1.00',
    '100000.00',
    '15:00',
    'Europe/Berlin',
    'NEXT_WORKING_DAY',
    'ACTIVE',
  ],
  [
    'FR',
    'BANK_TRANSFER',
    'SEPA Credit Transfer',
    'EUR',
    0,
    '0.25',
    '1.00',
    '100000.00',
    '15:00',
    'Europe/Paris',
    'NEXT_WORKING_DAY',
    'ACTIVE',
  ],
  [
    'NL',
    'BANK_TRANSFER',
    'SEPA Instant',
    'EUR',
    10,
    '0.20',
    '1.00',
    '100000.00',
    '23:59',
    'Europe/Amsterdam',
    'WITHIN_SECONDS',
    'ACTIVE',
  ],
  [
    'ES',
    'BANK_TRANSFER',
    'SEPA Credit Transfer',
    'EUR',
    0,
    '0.25',
    '1.00',
    '100000.00',
    '15:00',
    'Europe/Madrid',
    'NEXT_WORKING_DAY',
    'ACTIVE',
  ],
  [
    'US',
    'BANK_TRANSFER',
    'ACH',
    'USD',
    0,
    '0.50',
    '1.00',
    '100000.00',
    '16:00',
    'America/New_York',
    'ONE_TO_TWO_WORKING_DAYS',
    'ACTIVE',
  ],
  [
    'SG',
    'BANK_TRANSFER',
    'FAST',
    'SGD',
    0,
    '0.40',
    '1.00',
    '200000.00',
    '17:00',
    'Asia/Singapore',
    'SAME_DAY',
    'ACTIVE',
  ],
  [
    'PH',
    'BANK_TRANSFER',
    'InstaPay',
    'PHP',
    0,
    '15',
    '100',
    '50000',
    '23:59',
    'Asia/Manila',
    'WITHIN_MINUTES',
    'ACTIVE',
  ],
  ['PH', 'EWALLET', 'GCash', 'PHP', 150, '0', '100', '100000', '23:59', 'Asia/Manila', 'WITHIN_MINUTES', 'ACTIVE'],
  [
    'AU',
    'BANK_TRANSFER',
    'NPP',
    'AUD',
    0,
    '0.40',
    '1.00',
    '100000.00',
    '23:59',
    'Australia/Sydney',
    'WITHIN_MINUTES',
    'ACTIVE',
  ],
  [
    'JP',
    'BANK_TRANSFER',
    'Zengin',
    'JPY',
    0,
    '250',
    '100',
    '10000000',
    '15:00',
    'Asia/Tokyo',
    'NEXT_WORKING_DAY',
    'SUSPENDED',
  ],
];

function accountNumberOf(a: DemoAccount): { scheme: 'IBAN' | 'LOCAL'; number: string; routing: string | null } {
  if (a.local) return { scheme: 'LOCAL', number: a.local.number, routing: a.local.routing };
  const iban = composeIBAN({ countryCode: a.country, bban: a.bban });
  if (!iban) throw new Error(`demo IBAN ${a.country} ${a.bban}`);
  return { scheme: 'IBAN', number: iban, routing: null };
}

/**
 * The settings of money out that every demo database needs, also one made before them (idempotent):
 * opening hours, withdrawal agreements and Demo Payouts Ltd's payout services.
 */
export async function seedDemoMoneyOutSettings(db: DbOrTx): Promise<void> {
  for (const [merchantId, h] of Object.entries(HOURS)) {
    await db.execute(sql`
      UPDATE merchants SET withdraw_days = ${`{${h.days.join(',')}}`}::smallint[], withdraw_open = ${h.open}, withdraw_close = ${h.close},
             withdraw_holiday_country = ${h.holidayCountry}
       WHERE id = ${merchantId}`);
  }
  for (const [merchantId, limits] of Object.entries(APPROVAL_THRESHOLDS)) {
    const thresholds = Object.fromEntries(
      Object.entries(limits).map(([currency, text]) => [currency, minor(text, currency)]),
    );
    await db.execute(
      sql`UPDATE merchants SET approval_thresholds = ${JSON.stringify(thresholds)}::jsonb WHERE id = ${merchantId} AND approval_thresholds = '{}'::jsonb`,
    );
  }
  for (const [merchantId, list] of Object.entries(AGREEMENTS)) {
    for (const a of list) {
      await db.execute(sql`
        INSERT INTO withdrawal_agreements (merchant_id, currency, fee_percent_bps, fee_fixed_minor, min_amount, max_amount)
        SELECT ${merchantId}, ${a.currency}, ${a.bps}, ${minor(a.fixed, a.currency)}, ${minor(a.min, a.currency)}, ${a.max === null ? null : minor(a.max, a.currency)}
         WHERE EXISTS (SELECT 1 FROM merchants WHERE id = ${merchantId})
        ON CONFLICT DO NOTHING`);
    }
  }
  for (const [country, type, name, currency, bps, fixed, min, max, cutoff, zone, arrival, status] of PAYOUT_SERVICES) {
    await db.execute(sql`
      INSERT INTO payout_services (id, merchant_id, country, method_type, method_name, currency, fee_percent_bps, fee_fixed_minor, min_amount, max_amount, cutoff_time, time_zone, arrival, status)
      SELECT ${newId('POS')}, 'M2000001', ${country}, ${type}, ${name}, ${currency}, ${bps}, ${minor(fixed, currency)}, ${minor(min, currency)},
             ${max === null ? null : minor(max, currency)}, ${cutoff}, ${zone}, ${arrival}, ${status}
       WHERE EXISTS (SELECT 1 FROM merchants WHERE id = 'M2000001')
      ON CONFLICT DO NOTHING`);
  }
}

/**
 * Money out for a new demo database, after its payment history: the settings, bank accounts in each
 * state but pending (a new account shows that, verified by the sandbox bank in seconds), Demo Payouts
 * Ltd's top-ups, and a few weeks of finished withdrawals whose money moved through the ledger as
 * real ones do (hold, then paid or returned).
 */
export async function seedDemoMoneyOut(db: Db, secrets: SecretBox, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await seedDemoMoneyOutSettings(tx);
    const accountIds = new Map<string, string>();
    for (const [merchantId, list] of Object.entries(ACCOUNTS)) {
      for (const [i, a] of list.entries()) {
        const { scheme, number, routing } = accountNumberOf(a);
        const id = newId('BAC', now.getTime() - (60 - i) * DAY);
        const created = new Date(now.getTime() - (60 - i) * DAY);
        await tx.execute(sql`
          INSERT INTO bank_accounts (id, merchant_id, bank_name, holder_name, country, currency, scheme, account_number, routing_code, bic, last4,
                                     status, rejection_reason, is_default, created_by, created_at, verified_at)
          VALUES (${id}, ${merchantId}, ${a.bank}, ${a.holder}, ${a.country}, ${a.currency}, ${scheme}, ${secrets.seal(number, placeOf('bank_accounts', id))}, ${routing}, ${a.bic ?? null}, ${number.slice(-4)},
                  ${a.status}, ${a.status === 'REJECTED' ? 'The account holder’s name does not match the bank’s records.' : null}, ${a.isDefault ?? false},
                  'owner@demo.test', ${created.toISOString()}::timestamptz, ${a.status === 'VERIFIED' ? created.toISOString() : null}::timestamptz)`);
        if (a.isDefault) accountIds.set(`${merchantId}|${a.currency}`, id);
      }
    }
    for (const [merchantId, list] of Object.entries(TOP_UPS)) {
      for (const t of list) {
        await postTransaction(tx, {
          merchantId,
          currency: t.currency,
          kind: 'TOP_UP',
          referenceType: 'TOP_UP',
          referenceId: newId('TUP'),
          postings: topUpPostings(merchantId, minor(t.amount, t.currency)),
          at: new Date(now.getTime() - 30 * DAY),
        });
      }
    }
    for (const [merchantId, list] of Object.entries(HISTORY)) {
      for (const [i, [daysAgo, currency, amountText, outcome]] of list.entries()) {
        // Office hours of different days, not one time of day.
        const at = new Date(now.getTime() - daysAgo * DAY - (i * 97 + 45) * 60_000);
        await seedWithdrawal(
          tx,
          merchantId,
          accountIds.get(`${merchantId}|${currency}`)!,
          currency,
          minor(amountText, currency),
          outcome,
          at,
        );
      }
    }
    // One above Demo Store's threshold, made by its finance user this morning: the owner approves or rejects it.
    await seedAwaitingApproval(
      tx,
      'M1000001',
      accountIds.get('M1000001|EUR')!,
      'EUR',
      minor('12000.00', 'EUR'),
      new Date(now.getTime() - 2 * 60 * 60_000),
    );
  });
}
