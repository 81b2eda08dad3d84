/**
 * The few catalogue codes and HTTP statuses the web app acts on before sign-in: its HTTP client (spec section 8) and
 * the two-factor step. In a module of their own so the login page's first load carries these, not the whole
 * catalogue (error-catalogue.ts takes its entries for them from here).
 */
export const CLIENT_CODES = {
  SYSTEM: '002000S001',
  USER_NOT_LOGIN: '002001B010',
  PERMISSION_DENIED: '002001B024',
  TWO_FACTOR_SETUP_REQUIRED: '002001B040',
  TWO_FACTOR_CHALLENGE_INVALID: '002001B041',
} as const;

/** Codes that come back as normal results carrying `errMsg` (spec section 8), never rejected. */
export const RESULT_CODES: readonly string[] = ['002001B051', '002001B063'];

/** HTTP statuses with a meaning of their own (spec section 8). */
export const HTTP_STATUS = { NO_SESSION: 431, NO_PERMISSION: 430 } as const;
