import { describe, expect, it } from 'vitest';
import { describeFailReason } from './describe-fail-reason';

describe('describeFailReason', () => {
  it.each([
    ['WRONG_PASSWORD', 'Wrong password'],
    ['LOCKED', 'Account locked after too many failed attempts'],
    ['STATUS_DISABLED', 'Account disabled'],
    ['SOMETHING_NEW', 'Something new'],
    ['Password is not correct.', 'Password is not correct.'],
  ])('%s → %s', (code, text) => {
    expect(describeFailReason(code)).toBe(text);
  });

  it('gives nothing for a success', () => {
    expect(describeFailReason(null)).toBeNull();
  });
});
