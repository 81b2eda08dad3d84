import fc from 'fast-check';
import { z } from 'zod';
import type { RegisteredRoute } from '../plugins/types';

/*
 * Random inputs for a route's contract schema (routes-bad-input.test.ts): JSON bodies and query strings of its
 * fields, each missing, near-valid (by the field's name), wild (wrong types, huge strings, year 0 and year 10000,
 * unknown enum values, NUL bytes) or unknown.
 */

const huge = fc.integer({ min: 300, max: 150_000 }).map((n) => 'Ab1-'.repeat(Math.ceil(n / 4)).slice(0, n));
const special = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'M1000001\u0000',
  '\ud800',
  '\uffff',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '%',
  '_',
  '\\',
  'UNKNOWN_VALUE',
  '../../etc/passwd',
  '%00',
  'null',
  'true',
  '-1',
  '1.5',
  '1e309',
  '0x10',
  'NaN',
  '__proto__',
);
const numbers = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-1, 0, 0.5, -0.5, 1.5, 2 ** 53 + 1, -(2 ** 31), 1e21, Number.MAX_VALUE),
);
/** Anything JSON can carry where a field is expected. */
const wild: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  numbers,
  fc.string({ unit: 'binary', maxLength: 64 }),
  special,
  huge,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/** Dates around the edges: year 0 (PostgreSQL has none), year 10000, offsets, non-dates. */
const date = fc.oneof(
  fc
    .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc.constantFrom(
    '0000-01-01T00:00:00Z',
    '0000-01-01T00:00:00+02:00',
    '0001-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
    '10000-01-01T00:00:00Z',
    '+010000-01-01T00:00:00Z',
    '-000001-01-01T00:00:00Z',
    '2026-01-01',
    '2026-13-01T00:00:00Z',
    '2026-01-01T00:00:00+02:00',
    'yesterday',
  ),
);
const emailLike = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom(
    'disabled@demo.test',
    'invited@demo.test',
    'DISABLED@Demo.Test ',
    'not-an-email',
    '@demo.test',
    'a@b',
    `a@${'b'.repeat(250)}.test`,
  ),
);
const passwordLike = fc.oneof(
  fc.string({ maxLength: 140 }),
  fc.constantFrom(
    'Merchant#2026',
    'password1234',
    'Str0ng-and-long-enough',
    'short1',
    'abcdefghijklmnop',
    'x'.repeat(129),
    'Pass\u0000word-2026x',
  ),
);
const tokenLike = fc.oneof(
  fc.string({ minLength: 14, maxLength: 60 }),
  fc.base64String({ minLength: 40, maxLength: 48 }),
  fc.constantFrom('x'.repeat(15), 'x'.repeat(201)),
);
const pageLike = fc.oneof(
  fc.integer({ min: -5, max: 300 }),
  fc.constantFrom(0, 1.5, -2.5, '2', '1e3', 100_001, 'abc', null, [3], true),
);
const amountMinor = fc.oneof(fc.integer({ min: -5, max: 10_000_000 }), fc.constantFrom(0.5, -1, 2 ** 53, '100'));
const decimalAmount = fc.oneof(
  fc.constantFrom('1', '0', '0.00', '0.01', '1.005', '-1', '1e3', '99999999999999999', '12.50', ' 3 ', ''),
  fc.string({ maxLength: 20 }),
);
const currency = fc.constantFrom('USD', 'JPY', 'EUR', 'CHF', 'usd', 'XXX', '');
const ids = (...known: string[]) =>
  fc.oneof(fc.constantFrom(...known, '', 'x'.repeat(65)), fc.string({ maxLength: 70 }));
/** The payment ids a paymentId field draws from; the test adds real ones. */
export const paymentIds: string[] = ['PAY_NOPE'];
const statuses = fc.oneof(
  fc.array(
    fc.constantFrom('SUCCESS', 'FAILED', 'PENDING', 'CANCELLED', 'PROCESSING', 'ACTIVE', 'EXPIRED', 'success', 'X'),
    { maxLength: 5 },
  ),
  fc.constantFrom('SUCCESS', 'EVIDENCE_REQUIRED'),
);

/**
 * Near-valid values by field name, so that some inputs get past the schema into the code behind it.
 * A field a new route adds without an entry here still gets the wild values.
 */
const NEAR: Record<string, () => fc.Arbitrary<unknown>> = {
  email: () => emailLike,
  password: () => passwordLike,
  currentPassword: () => passwordLike,
  newPassword: () => passwordLike,
  token: () => tokenLike,
  type: () => fc.constantFrom('RESET', 'INVITE', 'reset', 'OTHER', 'PAYMENTS', 'REFUNDS', ''),
  name: () => fc.oneof(fc.string({ maxLength: 120 }), fc.constantFrom('   ', 'Na\u0000me')),
  pageNum: () => pageLike,
  pageSize: () => pageLike,
  result: () => fc.constantFrom('SUCCESS', 'FAILURE', 'success', 'OK'),
  merchantId: () =>
    fc.oneof(
      fc.constantFrom('M1000001', 'M1000002', 'M2000001', 'M9999999', '', 'x'.repeat(65)),
      fc.string({ unit: 'binary', maxLength: 70 }),
    ),
  roleCode: () => fc.constantFrom('VIEWER', 'FINANCE', 'NO_SUCH_ROLE', 'viewer', 'VIEW ER', '', 'A'.repeat(33)),
  permissionCodes: () =>
    fc.oneof(
      fc.constantFrom(
        'API_MEMBER_ADD',
        'API_PAYMENT_REFUND,API_DISPUTES_STATUS_COUNT',
        'NOT_A_CODE',
        'A,,B',
        ',',
        'X'.repeat(2001),
      ),
      fc
        .array(fc.constantFrom('API_MEMBER_ADD', 'PAGE_API_DOCS', 'ZZZ', '__proto__', 'constructor'), {
          minLength: 1,
          maxLength: 6,
        })
        .map((codes) => codes.join(',')),
    ),
  disputeStatus: () =>
    fc.oneof(
      fc.constantFrom('EVIDENCE_REQUIRED', 'WON', 'evidence_required', 'PENDING', ''),
      fc.array(fc.constantFrom('EVIDENCE_REQUIRED', 'LOST'), { minLength: 2, maxLength: 3 }),
    ),
  createdFrom: () => date,
  createdTo: () => date,
  status: () => statuses,
  payMethodType: () => fc.oneof(fc.constantFrom('CARD', 'EWALLET'), fc.string({ maxLength: 120 })),
  payMethodName: () => fc.oneof(fc.constantFrom('VISA', 'PAYPAL'), fc.string({ maxLength: 120 })),
  currency: () => currency,
  amountMin: () => amountMinor,
  amountMax: () => amountMinor,
  country: () => fc.constantFrom('NL', 'nl', 'NLD', '', 'JP'),
  keyword: () => fc.oneof(fc.constantFrom('%', '_%', 'a\\', 'alice@'), fc.string({ maxLength: 220 })),
  sort: () => fc.constantFrom('createdAt:desc', 'amount:asc', 'amount', ''),
  paymentId: () => ids(...paymentIds),
  refundId: () => ids('REF_NOPE'),
  linkId: () => ids('PL_NOPE'),
  exportId: () => ids('EXP_NOPE', '1', '-1'),
  amount: () => decimalAmount,
  reason: () => fc.constantFrom('DUPLICATE', 'OTHER', 'duplicate', ''),
  note: () => fc.oneof(fc.string({ maxLength: 600 }), fc.constantFrom('sandbox:fail', '   ')),
  description: () => fc.oneof(fc.string({ maxLength: 220 }), fc.constantFrom('Order 1', '   ')),
  reusable: () => fc.constantFrom(true, false, 'true', 0),
  expiresInDays: () => fc.oneof(fc.integer({ min: -2, max: 400 }), fc.constantFrom(1.5, '7')),
  format: () => fc.constantFrom('CSV', 'XLSX', 'csv', 'PDF'),
  settlementId: () => ids('STL0000000000NOPE', 'STL', 'BAT0000000000NOPE'),
  batchId: () => ids('BAT0000000000NOPE', 'BAT', 'STL0000000000NOPE'),
  state: () => fc.constantFrom('OPEN', 'CLOSED', 'SETTLED', 'open', ''),
  month: () => fc.constantFrom('2026-11', '2026-13', '0000-01', '2200-01', '26-11', '2026-1', ''),
  days: () => fc.oneof(fc.integer({ min: -2, max: 400 }), fc.constantFrom(1.5, '30', 'x')),
};

export interface Endpoint {
  route: RegisteredRoute;
  part: 'body' | 'querystring';
  schema: z.ZodType;
  fields: Record<string, fc.Arbitrary<unknown>>;
}

/** The top-level fields of a contract schema (an object schema, possibly refined). */
export function fieldsOf(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

export function endpointsOf(routes: RegisteredRoute[]): Endpoint[] {
  return routes.flatMap((route) =>
    (['body', 'querystring'] as const).flatMap((part) => {
      const schema = route.schema[part] as z.ZodType | undefined;
      if (!schema) return [];
      const fields = Object.fromEntries(fieldsOf(schema).map((f) => [f, NEAR[f]?.() ?? wild]));
      return [{ route, part, schema, fields }];
    }),
  );
}

/**
 * A JSON body: any JSON value, or the fields (each maybe missing, near-valid, wild or with a NUL) plus unknown ones.
 */
export function bodyFor(ep: Endpoint): fc.Arbitrary<unknown> {
  const withNul = (near: fc.Arbitrary<unknown>) => near.map((v) => (typeof v === 'string' ? `${v}\u0000` : v));
  const fields = Object.fromEntries(
    Object.entries(ep.fields).map(([k, near]) => [
      k,
      fc.oneof({ weight: 4, arbitrary: near }, { weight: 2, arbitrary: wild }, { weight: 1, arbitrary: withNul(near) }),
    ]),
  );
  const record = fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
    )
    .map(([known, extra]) => Object.assign(Object.create(null) as object, extra, known));
  return fc.oneof(
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: wild },
    { weight: 6, arbitrary: record },
  );
}

/** A query string: the fields (strings or repeated) plus unknown parameters. */
export function queryFor(ep: Endpoint): fc.Arbitrary<string> {
  const asParam = fc.oneof(
    fc.string({ maxLength: 30 }),
    special,
    huge.map((s) => s.slice(0, 3000)),
    fc.array(fc.string({ maxLength: 8 }), { minLength: 2, maxLength: 3 }),
  );
  const fields = Object.fromEntries(
    Object.entries(ep.fields).map(([k, near]) => [
      k,
      fc.oneof({ weight: 3, arbitrary: near }, { weight: 1, arbitrary: asParam }),
    ]),
  );
  const extraKey = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,7}$/).filter((k) => !(k in ep.fields));
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.dictionary(extraKey, fc.string({ maxLength: 8 }), { maxKeys: 2 }),
    )
    .map(([known, extra]) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries({ ...extra, ...known })) {
        // A wild value may be an object without a prototype: its JSON, as a client would send it.
        for (const v of Array.isArray(value) ? value : [value])
          params.append(key, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
      }
      return params.toString();
    });
}

/** What the server's query parser hands the route: strings, or arrays for repeated keys. */
export function parsedQuery(qs: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(qs)) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}
