import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { checkRefundAmount as check, describeRefundAmount, minorToMajorString, type RefundMode } from './refund-amount';

const t = i18n.getFixedT('en', 'payments', 'refundModal');
const checkRefundAmount = (mode: RefundMode, typed: string, refundable: number, currency: string) =>
  check(mode, typed, refundable, currency, t);

describe('refund amount conversion', () => {
  it('writes minor units as the major-unit string the API takes', () => {
    expect(minorToMajorString(4000, 'EUR')).toBe('40.00');
    expect(minorToMajorString(5, 'USD')).toBe('0.05');
    expect(minorToMajorString(123456, 'USD')).toBe('1234.56');
    expect(minorToMajorString(5000, 'JPY')).toBe('5000');
  });

  it('a full refund is the refundable amount', () => {
    expect(checkRefundAmount('FULL', '', 4000, 'EUR')).toEqual({ amount: '40.00', minor: 4000, error: null });
    expect(checkRefundAmount('FULL', '', 3000, 'JPY')).toEqual({ amount: '3000', minor: 3000, error: null });
  });

  it('a partial refund is sent as the exact major-unit text of what was typed', () => {
    const check = checkRefundAmount('PARTIAL', '12.5', 4000, 'EUR');
    expect(check).toEqual({ amount: '12.50', minor: 1250, error: null });
    expect(checkRefundAmount('PARTIAL', '0.29', 4000, 'EUR')).toEqual({ amount: '0.29', minor: 29, error: null });
    expect(checkRefundAmount('PARTIAL', '1,000.00', 1_000_000, 'EUR')).toEqual({
      amount: '1000.00',
      minor: 100_000,
      error: null,
    });
    expect(describeRefundAmount(check, 'EUR')).toBe('12.50\u00a0EUR');
  });

  it('refuses empty, zero, malformed and too large amounts', () => {
    expect(checkRefundAmount('PARTIAL', '', 4000, 'EUR').error).toBe('Enter an amount.');
    expect(checkRefundAmount('PARTIAL', '0', 4000, 'EUR').error).toBe('The amount must be more than zero.');
    expect(checkRefundAmount('PARTIAL', '1.', 4000, 'EUR').error).toBe('Enter an amount like 25.00.');
    expect(checkRefundAmount('PARTIAL', '40.01', 4000, 'EUR').error).toBe('At most 40.00\u00a0EUR can be refunded.');
  });

  it('calls an amount beyond any refundable one too large, not a question of decimals', () => {
    // 15 digits of euros are more minor units than JavaScript counts exactly: still "too much", never sent.
    expect(checkRefundAmount('PARTIAL', '999999999999999', 4000, 'EUR')).toEqual({
      amount: null,
      minor: null,
      error: 'At most 40.00\u00a0EUR can be refunded.',
    });
    expect(checkRefundAmount('PARTIAL', '999999999999999.5', 3000, 'JPY')).toEqual({
      amount: '999999999999999.5',
      minor: null,
      error: null,
    });
  });

  it('lets decimals in a zero-decimal currency through, so the server answers "No decimals."', () => {
    const check = checkRefundAmount('PARTIAL', '10.5', 3000, 'JPY');
    expect(check).toEqual({ amount: '10.5', minor: null, error: null });
    expect(describeRefundAmount(check, 'JPY')).toBe('10.5\u00a0JPY');
  });
});
