/**
 * The messages of the error catalogue (spec section 8), in English: code → message. Apart from the
 * codes (error-catalogue.ts), so the web app's first load carries the codes only and reads the
 * messages as its lazily loaded `errors` namespace (error-catalogue-zh-cn.ts has them in Simplified
 * Chinese); the server reads them here.
 */
import { SYSTEM_ERROR_CODES } from './error-catalogue';

const TABLE: Record<string, string> = {
  '002001B010': 'User not login.',
  '001000S002': 'Request timeout.',
  '001000S003': 'Too may operations.',
  '002001B017': 'Password is not correct.',
  '002001B003': 'Password is not correct.',
  '002001B022': 'Please set your password before login.',
  '002001B006': 'The link is expired.',
  '002001B021': 'The link is invalid.',
  '002001B015': 'User is already active.',
  '002001B018': 'Please check user status.',
  '002001B009': 'User already exists.',
  '002001B023': 'Current page data not exists.',
  '002001B024': 'Permission denied.',
  '003001B021': 'Payment can only be refunded once.',
  '003001B022': 'Order not found.',
  '003001B023': 'Refund is not allowed.',
  '003001B033': 'Aquiring agreement not found.',
  '003001B034': 'Insufficient balance in merchant payable accout.',
  '003001B037': 'Refund period expires.',
  '003001B039': 'No decimals.',
  '006001B006': 'Insufficient balance.',
  '006001B003': 'Please submit withdrawal request during working hours.',
  '006001B007': 'Withdrawal order status not valid.',
  '006001B005': 'No withdrawal agreement found.',
  '006001B016': 'System timeout. Please check withdrawal history for latest status.',
  '012001B039': 'last export not completed',
};
for (const code of SYSTEM_ERROR_CODES) TABLE[code] = `System Error. (Code: ${code})`;

/** The catalogue as the client reads it: code → message. */
export const ERROR_MESSAGES: Readonly<Record<string, string>> = TABLE;

/** The catalogue's message for a code, or undefined when the table has none. */
export function catalogueMessage(code: string): string | undefined {
  return TABLE[code];
}

/** Fallback wording of spec section 8 for a code the table does not know. */
export function systemErrorMessage(code: string): string {
  return `System error. (Code: ${code})`;
}

/**
 * The catalogue as the web app's English `errors` namespace: code → message, and `systemFallback`
 * (the wording for a code the table does not know, with {{code}}). error-catalogue-zh-cn.ts has the
 * same keys in Simplified Chinese.
 */
export const ERROR_RESOURCE: Readonly<Record<string, string>> = {
  ...TABLE,
  systemFallback: 'System error. (Code: {{code}})',
};
