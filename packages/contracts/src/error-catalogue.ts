import { CLIENT_CODES } from './client-codes';

/**
 * The error catalogue of spec section 8, one table shared by the server (which answers with these
 * codes) and the web client (which turns a code into the message it shows).
 */
export const SYSTEM_ERROR_CODES = [
  '002000S001',
  '002001S002',
  '002001S003',
  '002001S004',
  '002001P001',
  '001000S001',
  '002001S019',
  '002001S020',
  '002001B013',
  '002001B014',
  '002001B016',
] as const;

export const ERROR_CODES = {
  SYSTEM: CLIENT_CODES.SYSTEM,
  USER_NOT_LOGIN: CLIENT_CODES.USER_NOT_LOGIN,
  REQUEST_TIMEOUT: '001000S002',
  TOO_MANY_OPERATIONS: '001000S003',
  PASSWORD_NOT_CORRECT: '002001B017',
  OLD_PASSWORD_NOT_CORRECT: '002001B003',
  SET_PASSWORD_BEFORE_LOGIN: '002001B022',
  LINK_EXPIRED: '002001B006',
  LINK_INVALID: '002001B021',
  USER_ALREADY_ACTIVE: '002001B015',
  CHECK_USER_STATUS: '002001B018',
  USER_ALREADY_EXISTS: '002001B009',
  PAGE_DATA_NOT_EXISTS: '002001B023',
  PERMISSION_DENIED: CLIENT_CODES.PERMISSION_DENIED,
  REFUND_ONCE: '003001B021',
  ORDER_NOT_FOUND: '003001B022',
  REFUND_NOT_ALLOWED: '003001B023',
  AGREEMENT_NOT_FOUND: '003001B033',
  INSUFFICIENT_PAYABLE_BALANCE: '003001B034',
  REFUND_PERIOD_EXPIRED: '003001B037',
  NO_DECIMALS: '003001B039',
  INSUFFICIENT_BALANCE: '006001B006',
  WITHDRAW_WORKING_HOURS: '006001B003',
  WITHDRAW_STATUS_INVALID: '006001B007',
  NO_WITHDRAW_AGREEMENT: '006001B005',
  WITHDRAW_TIMEOUT: '006001B016',
  EXPORT_NOT_COMPLETED: '012001B039',
  // Codes the product adds in the catalogue's shape. The client has no message for them, so the
  // server always answers them with msg_params.isGwErrorMapEnabled = 1 and a clear msg.
  INVALID_REQUEST: '001000B001',
  ACCOUNT_LOCKED: '002001B030',
  PASSWORD_POLICY: '002001B031',
  PASSWORD_REUSED: '002001B032',
  PASSWORD_COMMON: '002001B033',
  FORCE_RESET_REQUIRED: '002001B034',
  MERCHANT_NOT_ACCESSIBLE: '002001B035',
  /** Team (modules/team): another merchant's member id is "not found". */
  MEMBER_NOT_FOUND: '002001B036',
  /** The change would leave the merchant without an active Owner. */
  LAST_OWNER: '002001B037',
  /** A user changing their own role or status; a non-owner changing an owner or granting Owner. */
  MEMBER_CHANGE_REFUSED: '002001B038',
  /** A wrong, used or expired two-factor code (counts towards the login lockout). */
  TWO_FACTOR_CODE_INVALID: '002001B039',
  /** The merchant requires two-factor sign-in and the user has not set it up yet. */
  TWO_FACTOR_SETUP_REQUIRED: CLIENT_CODES.TWO_FACTOR_SETUP_REQUIRED,
  /** The login's two-factor step came too late or with an unknown challenge: log in again. */
  TWO_FACTOR_CHALLENGE_INVALID: CLIENT_CODES.TWO_FACTOR_CHALLENGE_INVALID,
  /** Enable when it is on, disable when it is off, or disable while the merchant requires it. */
  TWO_FACTOR_STATE: '002001B042',
  /** Custom roles (modules/team): another merchant's role, or a code that is no role, is "not found". */
  ROLE_NOT_FOUND: '002001B043',
  /** Delete of a custom role members still hold (the message counts them). */
  ROLE_IN_USE: '002001B044',
  /** A role name the merchant already has (custom or built-in, any case). */
  ROLE_NAME_TAKEN: '002001B045',
  /**
   * Editing a built-in role or one's own role, a role based on Owner, or granting (in a role or by giving one) a
   * page or code the caller does not hold.
   */
  ROLE_CHANGE_REFUSED: '002001B046',
  IDEMPOTENCY_MISMATCH: '001000B002',
  IDEMPOTENCY_IN_PROGRESS: '001000B003',
  PAYMENT_LINK_INACTIVE: '003001B041',
  CARD_DECLINED: '003001B042',
  /** An amount below or above the per-payment limits of the pay-in service that would take it. */
  PAYMENT_AMOUNT_OUTSIDE_LIMITS: '003001B043',
  /** Disputes (modules/disputes): another merchant's dispute or file is "not found", never data. */
  DISPUTE_NOT_FOUND: '003001B044',
  DISPUTE_FILE_NOT_FOUND: '003001B045',
  /** Save, upload, submit or accept of a dispute that is no longer EVIDENCE_REQUIRED. */
  DISPUTE_NOT_EDITABLE: '003001B046',
  EVIDENCE_FILE_TYPE: '003001B047',
  EVIDENCE_FILE_TOO_LARGE: '003001B048',
  EVIDENCE_FILE_EMPTY: '003001B049',
  /** The 21st file, or more than 20 MB of files on one dispute. */
  EVIDENCE_LIMIT_REACHED: '003001B050',
  /** Submit with no file and no text. */
  EVIDENCE_MISSING: '003001B052',
  /**
   * Bank accounts and withdrawals (modules/bank-accounts, modules/withdrawals): another merchant's id is "not found".
   */
  BANK_ACCOUNT_NOT_FOUND: '006001B040',
  BANK_ACCOUNT_DUPLICATE: '006001B041',
  /** Remove of the default account of a currency: another must be made default first. */
  BANK_ACCOUNT_IS_DEFAULT: '006001B042',
  /** Remove of an account with a withdrawal in flight (PENDING or PROCESSING). */
  BANK_ACCOUNT_IN_USE: '006001B043',
  /** A withdrawal to an account that is not VERIFIED, or in another currency; default to one that is not verified. */
  BANK_ACCOUNT_NOT_USABLE: '006001B044',
  BANK_ACCOUNT_LIMIT: '006001B045',
  WITHDRAWAL_NOT_FOUND: '006001B046',
  /** An amount below the agreement's minimum, above its maximum, or whose fee takes it all. */
  WITHDRAW_AMOUNT_OUTSIDE_LIMITS: '006001B047',
  /** Payouts (modules/payouts): another merchant's payout or batch is "not found". */
  PAYOUT_NOT_FOUND: '006001B048',
  PAYOUT_BATCH_NOT_FOUND: '006001B049',
  /**
   * A batch file that is not CSV or XLSX by its content, over 5 MB, over 10,000 rows, or without the template's
   * columns.
   */
  PAYOUT_FILE_REFUSED: '006001B050',
  /**
   * A payout or batch with invalid cells: `data.rows` names each row's cells and what is wrong; nothing is reserved.
   */
  PAYOUT_ROWS_INVALID: '006001B051',
  /** Maker-checker: the maker approving or rejecting their own order, or an order no longer awaiting approval. */
  APPROVAL_OWN_ORDER: '006001B052',
  APPROVAL_NOT_PENDING: '006001B053',
  /** Cancel of an agreement that is already cancelled or expired, or already set to cancel at the period's end. */
  AGREEMENT_NOT_CANCELLABLE: '003001B053',
  EXPORT_NOT_FOUND: '012001B040',
  EXPORT_NOT_READY: '012001B041',
  EXPORT_EXPIRED: '012001B042',
  /** The merchant API: no Authorization: Bearer key, or a key that is unknown or revoked (HTTP 401). */
  API_KEY_INVALID: '013001B040',
  /** A merchant has at most MAX_ACTIVE_API_KEYS active keys. */
  API_KEY_LIMIT: '013001B041',
  API_KEY_NOT_FOUND: '013001B042',
  WEBHOOK_ENDPOINT_NOT_FOUND: '013001B043',
  /**
   * A webhook URL that is not https (http only to localhost with the development flag), or whose address is not public.
   */
  WEBHOOK_URL_REFUSED: '013001B044',
  WEBHOOK_DELIVERY_NOT_FOUND: '013001B045',
  WEBHOOK_ENDPOINT_LIMIT: '013001B046',
  /** The merchant API: no such object (payment, refund, payment link…) for this merchant (HTTP 404). */
  API_OBJECT_NOT_FOUND: '013001B047',
  /** A replay range that is empty, reversed or longer than WEBHOOK_REPLAY_MAX_DAYS. */
  WEBHOOK_REPLAY_RANGE: '013001B048',
  /** A disabled endpoint is not sent test events or replays. */
  WEBHOOK_ENDPOINT_DISABLED: '013001B049',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export { HTTP_STATUS, RESULT_CODES } from './client-codes';
