import { describe, expect, it } from 'vitest';
import { appCodeDigits, isAppCode, isRecoveryCode, normalizeCode } from './two-factor-code';

describe('two-factor code shapes', () => {
  it('keeps the 6 digits of a pasted app code', () => {
    expect(appCodeDigits('123 456')).toBe('123456');
    expect(appCodeDigits('12-34-56-7')).toBe('123456');
    expect(isAppCode('123456')).toBe(true);
    expect(isAppCode('12345')).toBe(false);
  });

  it('accepts a recovery code with or without its dash and spaces around, in either case', () => {
    expect(isRecoveryCode('abcde-12345')).toBe(true);
    expect(isRecoveryCode(' ABCDE12345 ')).toBe(true);
    expect(isRecoveryCode('abcde-1234')).toBe(false);
    expect(isRecoveryCode('123456')).toBe(false);
    expect(isAppCode('12345a')).toBe(false);
    expect(normalizeCode(' abcde - 12345 ')).toBe('abcde-12345');
  });
});
