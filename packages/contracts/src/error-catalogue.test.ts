import { describe, expect, it } from 'vitest';
import { ERROR_CODES, RESULT_CODES } from './error-catalogue';
import { catalogueMessage, ERROR_MESSAGES, systemErrorMessage } from './error-messages';

/** The table of spec section 8, as written there. */
const SPEC_TABLE: [string, string][] = [
  ['002001B010', 'User not login.'],
  ['001000S002', 'Request timeout.'],
  ['001000S003', 'Too may operations.'],
  ['002001B017', 'Password is not correct.'],
  ['002001B003', 'Password is not correct.'],
  ['002001B022', 'Please set your password before login.'],
  ['002001B006', 'The link is expired.'],
  ['002001B021', 'The link is invalid.'],
  ['002001B015', 'User is already active.'],
  ['002001B018', 'Please check user status.'],
  ['002001B009', 'User already exists.'],
  ['002001B023', 'Current page data not exists.'],
  ['002001B024', 'Permission denied.'],
  ['003001B021', 'Payment can only be refunded once.'],
  ['003001B022', 'Order not found.'],
  ['003001B023', 'Refund is not allowed.'],
  ['003001B033', 'Aquiring agreement not found.'],
  ['003001B034', 'Insufficient balance in merchant payable accout.'],
  ['003001B037', 'Refund period expires.'],
  ['003001B039', 'No decimals.'],
  ['006001B006', 'Insufficient balance.'],
  ['006001B003', 'Please submit withdrawal request during working hours.'],
  ['006001B007', 'Withdrawal order status not valid.'],
  ['006001B005', 'No withdrawal agreement found.'],
  ['006001B016', 'System timeout. Please check withdrawal history for latest status.'],
  ['012001B039', 'last export not completed'],
];
const SPEC_SYSTEM = [
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
];

describe('error catalogue', () => {
  it('has every message of spec section 8 word for word', () => {
    for (const [code, message] of SPEC_TABLE) expect(catalogueMessage(code), code).toBe(message);
  });

  it('words the system errors with their code', () => {
    for (const code of SPEC_SYSTEM) expect(ERROR_MESSAGES[code]).toBe(`System Error. (Code: ${code})`);
  });

  it('falls back to the spec wording for an unknown code', () => {
    expect(catalogueMessage('999999B999')).toBeUndefined();
    expect(systemErrorMessage('999999B999')).toBe('System error. (Code: 999999B999)');
  });

  it('keeps the two result codes out of the rejecting table', () => {
    expect(RESULT_CODES).toEqual(['002001B051', '002001B063']);
    for (const code of RESULT_CODES) expect(catalogueMessage(code)).toBeUndefined();
  });

  it('gives the product codes the catalogue shape and no client message (the server sends it)', () => {
    const codes = Object.values(ERROR_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^\d{6}[BSP]\d{3}$/);
    for (const code of [ERROR_CODES.INVALID_REQUEST, ERROR_CODES.ACCOUNT_LOCKED, ERROR_CODES.FORCE_RESET_REQUIRED]) {
      expect(catalogueMessage(code)).toBeUndefined();
    }
  });
});
