/**
 * Disputes (Transactions → Disputes): customer disputes and chargebacks, their evidence and their
 * money. Paths, constants and types; schemas in disputes-schemas.ts (request types inferred from them).
 * The status count call and the status and type lists stay in acquiring.ts (spec section 7).
 */
import type { z } from 'zod';
import type { Currency } from './money';
import { TEST_CARDS } from './payment-links';
import type { DisputeStatus, DisputeType } from './acquiring';
import type { EvidenceTextField } from './dispute-reasons';
import type {
  disputeDetailSchema,
  disputeEventSchema,
  disputeFileSchema,
  disputeRecordSchema,
  acceptDisputeRequest,
  disputeDetailRequest,
  disputeDocumentRequest,
  disputeFileRequest,
  disputeFiltersSchema,
  listDisputesRequest,
  saveEvidenceRequest,
  submitDisputeRequest,
} from './disputes-schemas';

export const DISPUTE_PATHS = {
  /** POST `{ pageNum, pageSize, ...filters }` → `Page<DisputeRecord>`. */
  list: '/acquiringmerchant/web/v1/dispute-order/list',
  /** GET `?disputeId=` → `DisputeDetail`. */
  detail: '/acquiringmerchant/web/v1/dispute-order/detail',
  /** POST `{ disputeId, evidence }` (API_DISPUTES_UPDATE): saves the text evidence as a draft → `DisputeDetail`. */
  saveEvidence: '/acquiringmerchant/web/v1/dispute-order/evidence/save',
  /**
   * POST `{ disputeId, evidence? }` (API_DISPUTES_UPDATE): saves, locks the evidence, → UNDER_REVIEW → `DisputeDetail`.
   */
  submit: '/acquiringmerchant/web/v1/dispute-order/submit',
  /** POST `{ disputeId }` (API_DISPUTES_UPDATE): → ACCEPTED, the disputed amount is debited → `DisputeDetail`. */
  accept: '/acquiringmerchant/web/v1/dispute-order/accept',
  /** POST multipart/form-data, fields `disputeId`, `category`, then `file` (API_DISPUTES_UPLOAD) → `DisputeFile`. */
  upload: '/acquiringmerchant/web/v1/dispute-order/evidence/upload',
  /** POST `{ disputeId, fileId }` (API_DISPUTES_UPLOAD): removes a file before submit. */
  deleteFile: '/acquiringmerchant/web/v1/dispute-order/evidence/delete',
  /** GET `?disputeId=&fileId=` (API_DISPUTES_DOWNLOAD): the file, as an attachment. */
  downloadFile: '/acquiringmerchant/web/v1/dispute-order/evidence/download',
  /** GET `?disputeId=&kind=NOTICE|SUBMISSION` (API_DISPUTES_DOWNLOAD): a generated PDF, as an attachment. */
  document: '/acquiringmerchant/web/v1/dispute-order/document',
} as const;

/** Evidence files: PDF, JPG and PNG only, decided by their content (the first bytes), never by name or browser type. */
export const EVIDENCE_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type EvidenceContentType = (typeof EVIDENCE_CONTENT_TYPES)[number];
export const EVIDENCE_LIMITS = {
  /** Per file. */
  maxFileBytes: 5 * 1024 * 1024,
  /** All files of one dispute together. */
  maxTotalBytes: 20 * 1024 * 1024,
  maxFiles: 20,
  /** Each text field. */
  maxTextChars: 5000,
} as const;

/**
 * The dispute fee the provider charges per dispute, in minor units: about 15 USD in every currency.
 * Held with the disputed amount while the dispute is open; released if it is won, charged otherwise.
 */
export const DISPUTE_FEES: Readonly<Record<Currency, number>> = {
  USD: 1500,
  EUR: 1500,
  GBP: 1500,
  SGD: 2000,
  PHP: 85000,
  AUD: 2300,
  CAD: 2000,
  CHF: 1500,
  HKD: 12000,
  MYR: 7000,
  THB: 55000,
  JPY: 2000,
  KRW: 20000,
  IDR: 240000,
  VND: 380000,
};

/** The fee of a dispute in a currency (0 for a currency the table does not know). */
export function disputeFeeOf(currency: string): number {
  return Object.hasOwn(DISPUTE_FEES, currency) ? DISPUTE_FEES[currency as Currency] : 0;
}

/** Days from opening to the evidence due date. */
export const DISPUTE_RESPONSE_DAYS: Readonly<Record<DisputeType, number>> = { CUSTOMER_DISPUTE: 10, CHARGEBACK: 7 };
/** A due date this close (or closer) is highlighted in the list and on the detail page. */
export const DISPUTE_DUE_SOON_DAYS = 3;
/** Owners and finance users are reminded by mail this many days before the due date. */
export const DISPUTE_REMINDER_DAYS = 2;

/**
 * The sandbox's dispute test card (README): the payment succeeds and the customer disputes it a
 * little later (a chargeback, reason PRODUCT_NOT_RECEIVED, for the whole amount). A submitted
 * dispute is decided by the sandbox after a delay: evidence text containing SANDBOX_WIN_MARKER wins,
 * anything else loses.
 */
export const DISPUTE_TEST_CARD = TEST_CARDS.DISPUTED;
export const SANDBOX_WIN_MARKER = 'sandbox:win';

/** Sorts of the list: newest first (default) or the soonest due date first. */
export const DISPUTE_SORTS = ['createdAt:desc', 'dueAt:asc'] as const;

/** The documents of a dispute: the network's notice, and the merchant's submitted response. */
export const DISPUTE_DOCUMENT_KINDS = ['NOTICE', 'SUBMISSION'] as const;

/** Where a dispute's held amount came from: the clearing batch of the payment, or the available balance. */
export const DISPUTE_FUNDING_SOURCES = ['BATCH', 'AVAILABLE'] as const;
export type DisputeSort = (typeof DISPUTE_SORTS)[number];

/** Statuses in which the merchant can still act (save, upload, submit, accept). */
export const DISPUTE_OPEN_STATUSES: readonly DisputeStatus[] = ['EVIDENCE_REQUIRED'];

export type DisputeFilters = z.infer<typeof disputeFiltersSchema>;
export type ListDisputesRequest = z.input<typeof listDisputesRequest>;
export type ListDisputesQuery = z.output<typeof listDisputesRequest>;
export type DisputeDetailRequest = z.infer<typeof disputeDetailRequest>;
export type SaveEvidenceRequest = z.infer<typeof saveEvidenceRequest>;
export type SubmitDisputeRequest = z.infer<typeof submitDisputeRequest>;
export type AcceptDisputeRequest = z.infer<typeof acceptDisputeRequest>;
export type DisputeFileRequest = z.infer<typeof disputeFileRequest>;
export type DisputeDocumentRequest = z.infer<typeof disputeDocumentRequest>;
export type DisputeDocumentKind = DisputeDocumentRequest['kind'];

export type EvidenceText = Partial<Record<EvidenceTextField, string>>;

/** Where the disputed money was held from: its payment's unsettled batch (pending) or the available balance. */
export type DisputeFundingSource = DisputeDetail['fundingSource'];

export type DisputeRecord = z.infer<typeof disputeRecordSchema>;
export type DisputeFile = z.infer<typeof disputeFileSchema>;
export type DisputeEvent = z.infer<typeof disputeEventSchema>;
export type DisputeDetail = z.infer<typeof disputeDetailSchema>;
