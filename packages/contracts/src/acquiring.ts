/** Calls of the acquiring services that the app shell loads (spec section 7). Schemas: acquiring-schemas.ts. */
import type { z } from 'zod';
import type { disputeStatusCountRequest } from './acquiring-schemas';

export const ACQUIRING_PATHS = {
  disputeStatusCount: '/acquiringmerchant/web/v1/dispute-order/status/count',
  agreementDropdownConfigs: '/acquiring/web/v1/agreement/dropdown-configs',
  payMethodDropdownConfigs: '/acquiring/web/v1/pay-method/dropdown-configs',
} as const;

export const DISPUTE_STATUSES = ['EVIDENCE_REQUIRED', 'UNDER_REVIEW', 'WON', 'LOST', 'ACCEPTED', 'EXPIRED'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const DISPUTE_TYPES = ['CUSTOMER_DISPUTE', 'CHARGEBACK'] as const;
export type DisputeType = (typeof DISPUTE_TYPES)[number];

export type DisputeStatusCountRequest = z.infer<typeof disputeStatusCountRequest>;
export interface DisputeStatusCountResponse {
  customerDisputeCount: number;
  chargebackCount: number;
}

export interface Option {
  label: string;
  value: string;
}
export interface AgreementDropdownConfigs {
  countryList: Option[];
  payMethodTypeList: Option[];
  payMethodNameList: Option[];
  statusList: Option[];
}

/** One payment method the merchant can use (pay-method dropdown-configs → payMethodList). */
export interface PayMethod {
  payMethodType: string;
  payMethodTypeLabel: string;
  payMethodName: string;
  payMethodNameLabel: string;
  countries: string[];
  currencies: string[];
}

export interface IsGrayMerchantResponse {
  merchantGray: boolean;
}
