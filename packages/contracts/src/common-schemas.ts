import { z } from 'zod';
import { MAX_AMOUNT_MINOR } from './money';

const YEAR_1 = Date.parse('0001-01-01T00:00:00Z');
const YEAR_10000 = Date.parse('+010000-01-01T00:00:00Z');

/**
 * An ISO 8601 date-time with an offset, within the years 1 to 9999: PostgreSQL has no year 0, so a
 * date outside them is a bad input naming its field, never a database error. Every date filter uses it.
 */
export const isoDateTime = z
  .string()
  .datetime({ offset: true, message: 'must be an ISO 8601 date-time' })
  .refine((value) => {
    const at = Date.parse(value);
    return at >= YEAR_1 && at < YEAR_10000;
  }, 'must be a date-time between the years 1 and 9999');

/** An amount in minor units (money.ts), e.g. an amount filter: a whole number from 0 to MAX_AMOUNT_MINOR. */
export const minorUnits = z.number().int('must be a whole number of minor units').min(0).max(MAX_AMOUNT_MINOR);

/**
 * An amount in major units as decimal text ("12.50"), as a person types it. Only its shape is checked
 * here; the currency's decimals and the range are the handler's, through money.ts `parseAmount`.
 */
export const majorAmountText = (example: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,15}(\.\d{1,6})?$/, `must be a positive decimal amount like ${example}`);

/**
 * The values of a coded error (a validator's, a closed desk's reason): what its words need, e.g.
 * `{ country: 'DE' }`. The code picks the sentence, in the reader's language; the values fill it.
 */
export const errorValuesSchema = z.record(z.string(), z.union([z.string(), z.number()]));
