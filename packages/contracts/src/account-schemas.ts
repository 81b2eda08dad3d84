import { z } from 'zod';

/** A merchant's balances in one currency, minor units. */
export const currencyBalanceSchema = z.object({
  currency: z.string(),
  available: z.number(),
  pending: z.number(),
  reserved: z.number(),
});
