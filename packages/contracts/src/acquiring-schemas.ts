import { z } from 'zod';
import { DISPUTE_STATUSES } from './acquiring';

export const disputeStatusCountRequest = z.object({ disputeStatus: z.enum(DISPUTE_STATUSES) });

export const disputeStatusCountResponseSchema = z.object({
  customerDisputeCount: z.number(),
  chargebackCount: z.number(),
});

export const optionSchema = z.object({ label: z.string(), value: z.string() });

export const agreementDropdownConfigsSchema = z.object({
  countryList: z.array(optionSchema),
  payMethodTypeList: z.array(optionSchema),
  payMethodNameList: z.array(optionSchema),
  statusList: z.array(optionSchema),
});

/** One payment method the merchant can use (pay-method dropdown-configs → payMethodList). */
export const payMethodSchema = z.object({
  payMethodType: z.string(),
  payMethodTypeLabel: z.string(),
  payMethodName: z.string(),
  payMethodNameLabel: z.string(),
  countries: z.array(z.string()),
  currencies: z.array(z.string()),
});

export const isGrayMerchantResponseSchema = z.object({ merchantGray: z.boolean() });
