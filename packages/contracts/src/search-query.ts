/**
 * How the global search reads a query (search.ts), before anything is asked of the database: which
 * kinds an id prefix names, whether it can be an email's start, a card's last 4 with an amount, or an
 * amount with its currency. The server runs only the branches a query can match; plain data, no zod.
 */
import { CURRENCIES, parseAmount, type Currency } from './money';
import type { SearchKind } from './search';

/** The id prefix of each kind (the server's newId prefixes; an API key also by its visible start). */
export const SEARCH_ID_PREFIXES: Readonly<Record<SearchKind, string>> = {
  PAYMENT: 'PAY',
  REFUND: 'REF',
  DISPUTE: 'DSP',
  SETTLEMENT: 'STL',
  BATCH: 'BAT',
  WITHDRAWAL: 'WDR',
  PAYOUT: 'PYO',
  PAYOUT_BATCH: 'PBT',
  AGREEMENT: 'AGR',
  PAYMENT_LINK: 'PL',
  API_KEY: 'key_',
  WEBHOOK_EVENT: 'evt_',
};

/** The visible start of an API key (its mode prefix and 4 characters): what the integration page shows. */
const KEY_PREFIX_RE = /^sk_test_[0-9A-Za-z]{1,32}$/;
/** Ids and references: one token of letters, digits and `_ - . /`, at most 64 characters. */
const TOKEN_RE = /^[0-9A-Za-z_\-./:#]{1,64}$/;
const EMAIL_START_RE = /^[0-9a-z._%+'-]+(@[0-9a-z.-]*)?$/;
const AMOUNT_RE = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\d+(?:\.\d+)?$/;
/** An email prefix this short would match a large share of a merchant's customers: at least 3 characters. */
export const EMAIL_PREFIX_MIN = 3;

export interface AmountIn {
  currency: Currency;
  /** Minor units. */
  minor: number;
}

/** The branches a query can match; a branch left null (or empty) is not run. */
export interface SearchPlan {
  /** Exact ids, by the kind their prefix names. */
  ids: { kind: SearchKind; id: string }[];
  /** One token: an exact merchant order number, payout reference or bank reference. */
  reference: string | null;
  /** Lower-case start of a customer email. */
  emailPrefix: string | null;
  /** The visible start of an API key (sk_test_…). */
  keyPrefix: string | null;
  /** A card's last 4 digits with an amount (in every currency it can be, unless one is named). */
  cardAmount: { last4: string; amounts: AmountIn[] } | null;
  /** An amount with its currency. */
  amount: AmountIn | null;
}

const isCurrency = (token: string): token is Currency => (CURRENCIES as readonly string[]).includes(token);

/** The amount a text can be in each currency (only `currency` when one is named), as minor units above 0. */
function amountsOf(text: string, currency: Currency | null): AmountIn[] {
  if (!AMOUNT_RE.test(text)) return [];
  const out: AmountIn[] = [];
  for (const c of currency ? [currency] : CURRENCIES) {
    const parsed = parseAmount(text, c, { grouped: true, min: 1 });
    if (parsed.ok) out.push({ currency: c, minor: parsed.minor });
  }
  return out;
}

/** Splits "EUR12.50" and "12.50EUR" into their two tokens (not "PBT9": no currency); other text by white space. */
function tokensOf(query: string): string[] {
  const glued = /^([A-Za-z]{3})(\d[\d,.]*)$|^(\d[\d,.]*)([A-Za-z]{3})$/.exec(query);
  const parts = glued?.slice(1).filter((t): t is string => t !== undefined);
  if (parts?.some((t) => isCurrency(t.toUpperCase()))) return parts;
  return query.split(/\s+/).filter(Boolean);
}

/** The id a query names when it starts with a kind's prefix: the prefix as ids spell it, the rest upper case. */
function idsOf(token: string): SearchPlan['ids'] {
  const ids: SearchPlan['ids'] = [];
  for (const [kind, prefix] of Object.entries(SEARCH_ID_PREFIXES) as [SearchKind, string][]) {
    if (token.length > prefix.length && token.slice(0, prefix.length).toUpperCase() === prefix.toUpperCase())
      ids.push({ kind, id: prefix + token.slice(prefix.length).toUpperCase() });
  }
  return ids;
}

/** Reads a (trimmed) query into the branches it can match. */
export function planSearch(raw: string): SearchPlan {
  const query = raw.trim();
  const plan: SearchPlan = {
    ids: [],
    reference: null,
    emailPrefix: null,
    keyPrefix: null,
    cardAmount: null,
    amount: null,
  };
  const tokens = tokensOf(query);
  const upper = tokens.map((t) => t.toUpperCase());
  const currencyAt = upper.findIndex(isCurrency);
  const currency = currencyAt >= 0 ? (upper[currencyAt] as Currency) : null;
  const numbers = tokens.filter((t, i) => i !== currencyAt);

  if (tokens.length === 1 && TOKEN_RE.test(query)) {
    plan.ids = idsOf(query);
    plan.reference = query;
    if (KEY_PREFIX_RE.test(query)) plan.keyPrefix = query;
    const lower = query.toLowerCase();
    if (
      (lower.includes('@') || (lower.length >= EMAIL_PREFIX_MIN && /[a-z]/.test(lower))) &&
      EMAIL_START_RE.test(lower)
    )
      plan.emailPrefix = lower;
  } else if (tokens.length === 1 && query.includes('@') && EMAIL_START_RE.test(query.toLowerCase())) {
    plan.emailPrefix = query.toLowerCase();
  }

  // An amount with its currency: "12.50 EUR", "EUR 12.50", "EUR12.50".
  if (currency && numbers.length === 1) {
    const [amount] = amountsOf(numbers[0], currency);
    if (amount) plan.amount = amount;
  }
  // A card's last 4 with an amount: "4242 12.50", "4242 12.50 EUR", "12.50 EUR 4242".
  if (numbers.length === 2 && tokens.length <= 3 && (currency || tokens.length === 2)) {
    const at = /^\d{4}$/.test(numbers[0]) ? 0 : /^\d{4}$/.test(numbers[1]) ? 1 : -1;
    if (at >= 0) {
      const amounts = amountsOf(numbers[1 - at], currency);
      if (amounts.length) plan.cardAmount = { last4: numbers[at], amounts };
    }
  }
  return plan;
}

/** Whether a plan runs any branch at all. */
export function planIsEmpty(plan: SearchPlan): boolean {
  return (
    !plan.ids.length && !plan.reference && !plan.emailPrefix && !plan.keyPrefix && !plan.cardAmount && !plan.amount
  );
}
