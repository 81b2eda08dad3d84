import { recordText } from '@mbo/contracts/record-texts';
import { currencyExponent, minorPerMajor, scaleHalfEven } from '@mbo/contracts/money';
import { PAY_METHODS } from '../modules/configs';

/** A seeded pseudo-random source (mulberry32): the same seed gives the same data. */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: Random, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)];
}

/** Picks a key by weight. */
export function weighted<T extends string>(random: Random, weights: Readonly<Partial<Record<T, number>>>): T {
  const entries = Object.entries(weights) as [T, number][];
  const total = entries.reduce((s, [, w]) => s + w, 0);
  let r = random() * total;
  for (const [key, w] of entries) {
    r -= w;
    if (r < 0) return key;
  }
  return entries[entries.length - 1][0];
}

/** The shape of a merchant's traffic: where its customers are. */
/** EURO_AREA: a merchant selling in euros only (the benchmark's one-currency day of settlements). */
export type TrafficProfile = 'GLOBAL' | 'EUROPE' | 'ASIA' | 'EURO_AREA';

const COUNTRY_WEIGHTS: Record<TrafficProfile, Record<string, number>> = {
  GLOBAL: { US: 28, GB: 14, DE: 16, FR: 10, NL: 10, SG: 6, JP: 8, ID: 4, PH: 4 },
  EUROPE: { DE: 36, FR: 22, NL: 24, GB: 14, US: 4 },
  ASIA: { JP: 34, SG: 26, ID: 28, PH: 12 },
  EURO_AREA: { DE: 40, FR: 30, NL: 30 },
};

const COUNTRY_CURRENCY: Record<string, string> = {
  US: 'USD',
  GB: 'GBP',
  DE: 'EUR',
  FR: 'EUR',
  NL: 'EUR',
  SG: 'SGD',
  JP: 'JPY',
  ID: 'IDR',
  PH: 'PHP',
};

const METHOD_WEIGHTS: Record<string, number> = {
  VISA: 30,
  MASTERCARD: 22,
  AMEX: 6,
  JCB: 10,
  PAYPAL: 12,
  GCASH: 14,
  OVO: 12,
  GRABPAY: 8,
  SEPA: 5,
  IDEAL: 14,
  VA_BCA: 9,
  PAYNOW: 9,
  QRIS: 12,
};

/** Units of a currency per euro, to spread amounts alike in every currency. */
const PER_EURO: Record<string, number> = { EUR: 1, USD: 1.1, GBP: 0.85, SGD: 1.45, JPY: 160, IDR: 17000, PHP: 62 };

const CARD_BINS: Record<string, string[]> = {
  VISA: ['411111', '424242', '453201', '476173', '400005'],
  MASTERCARD: ['510510', '555555', '522222', '545454'],
  AMEX: ['378282', '371449'],
  JCB: ['353011', '356600'],
};

const FIRST_NAMES: Record<string, string[]> = {
  US: ['James', 'Emma', 'Olivia', 'Liam', 'Noah', 'Ava', 'Mia', 'Ethan', 'Harper', 'Lucas'],
  GB: ['Oliver', 'Amelia', 'George', 'Isla', 'Harry', 'Poppy', 'Jack', 'Freya'],
  DE: ['Lukas', 'Lea', 'Finn', 'Hannah', 'Jonas', 'Mia', 'Felix', 'Lena'],
  FR: ['Louis', 'Chloé', 'Hugo', 'Camille', 'Jules', 'Léa', 'Arthur', 'Manon'],
  NL: ['Daan', 'Sanne', 'Sem', 'Julia', 'Bram', 'Fleur', 'Thijs', 'Lotte'],
  SG: ['Wei Ling', 'Jun Jie', 'Hui Min', 'Arjun', 'Siti', 'Marcus', 'Rachel', 'Ethan'],
  JP: ['Haruto', 'Yui', 'Sota', 'Hina', 'Ren', 'Aoi', 'Yuto', 'Sakura'],
  ID: ['Budi', 'Siti', 'Agus', 'Dewi', 'Rizky', 'Putri', 'Andi', 'Ayu'],
  PH: ['Juan', 'Maria', 'Jose', 'Angel', 'Mark', 'Kristine', 'John', 'Jasmine'],
};
const LAST_NAMES: Record<string, string[]> = {
  US: ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis'],
  GB: ['Taylor', 'Wilson', 'Evans', 'Thomas', 'Roberts', 'Walker', 'Wright', 'Hughes'],
  DE: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker'],
  FR: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand'],
  NL: ['de Jong', 'Jansen', 'de Vries', 'van Dijk', 'Bakker', 'Visser', 'Smit', 'Meijer'],
  SG: ['Tan', 'Lim', 'Lee', 'Ng', 'Ong', 'Wong', 'Goh', 'Chua'],
  JP: ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito', 'Yamamoto', 'Nakamura'],
  ID: ['Santoso', 'Wijaya', 'Saputra', 'Hidayat', 'Kusuma', 'Pratama', 'Halim', 'Gunawan'],
  PH: ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Torres', 'Ramos'],
};
const MAIL_DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'proton.me', 'example.com'];
const PRODUCTS = [
  'Wireless earbuds',
  'Running shoes',
  'Annual subscription',
  'Monthly subscription',
  'Coffee beans 1 kg',
  'Gift card',
  'Desk lamp',
  'Yoga mat',
  'Backpack',
  'Phone case',
  'Online course',
  'Concert tickets',
  'Hotel booking',
  'T-shirt (2 items)',
];
const DECLINES = (
  [
    'declineInsufficientFunds',
    'declineByIssuer',
    'declineDoNotHonor',
    'declineExpiredCard',
    'declineThreeDSecure',
    'declineSuspectedFraud',
  ] as const
).map((key) => recordText(key));
const WALLET_DECLINES = (['declineWalletNotCompleted', 'declineWalletBalance', 'declineTimedOut'] as const).map((key) =>
  recordText(key),
);

export interface GeneratedPayment {
  amount: number;
  currency: string;
  country: string;
  payMethodType: string;
  payMethodName: string;
  cardBin: string | null;
  cardLast4: string | null;
  customerName: string;
  customerEmail: string;
  description: string;
  declineReason: string;
}

/** One payment's customer, method, country, currency and amount for a traffic profile. */
export function generatePaymentShape(random: Random, profile: TrafficProfile): GeneratedPayment {
  const country = weighted(random, COUNTRY_WEIGHTS[profile]);
  const currency = COUNTRY_CURRENCY[country];
  const methods = PAY_METHODS.filter((m) => m.countries.includes(country) && m.currencies.includes(currency));
  const name = weighted(
    random,
    Object.fromEntries(methods.map((m) => [m.payMethodName, METHOD_WEIGHTS[m.payMethodName] ?? 5])),
  );
  const method = methods.find((m) => m.payMethodName === name)!;
  const isCard = method.payMethodType === 'CARD';
  const first = pick(random, FIRST_NAMES[country]);
  const last = pick(random, LAST_NAMES[country]);
  const local = `${first}.${last}`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z.]/g, '');
  return {
    amount: randomAmount(random, currency),
    currency,
    country,
    payMethodType: method.payMethodType,
    payMethodName: method.payMethodName,
    cardBin: isCard ? pick(random, CARD_BINS[method.payMethodName] ?? CARD_BINS.VISA) : null,
    cardLast4: isCard ? String(Math.floor(random() * 10000)).padStart(4, '0') : null,
    customerName: `${first} ${last}`,
    customerEmail: `${local}${random() < 0.5 ? Math.floor(random() * 100) : ''}@${pick(random, MAIL_DOMAINS)}`,
    description: pick(random, PRODUCTS),
    declineReason: pick(random, isCard ? DECLINES : WALLET_DECLINES),
  };
}

/** Log-normal around €45 (most between €10 and €200, a few large ones), priced like a shop. */
function randomAmount(random: Random, currency: string): number {
  const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const euros = Math.min(8000, Math.max(1, Math.exp(Math.log(45) + 1.05 * normal)));
  const major = euros * (PER_EURO[currency] ?? 1);
  if (currencyExponent(currency) === 0) {
    const step = major >= 100000 ? 1000 : major >= 1000 ? 10 : 1;
    return Math.max(step, Math.round(major / step) * step);
  }
  const whole = Math.max(1, Math.floor(major));
  // x.99, x.00 or x.50 in major units.
  const hundredths = random() < 0.6 ? 99 : random() < 0.5 ? 0 : 50;
  const unit = minorPerMajor(currency);
  return whole * unit + scaleHalfEven(hundredths, unit, 100);
}
