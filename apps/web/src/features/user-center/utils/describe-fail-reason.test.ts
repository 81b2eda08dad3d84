import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { labelIn } from '@/i18n/use-label';
import { describeFailReason } from './describe-fail-reason';

const t = i18n.getFixedT('en', 'user-center');
const label = (kind: Parameters<typeof labelIn>[1], code: string) => labelIn(i18n, kind, code);

describe('describeFailReason', () => {
  it.each([
    ['WRONG_PASSWORD', 'Wrong password'],
    ['LOCKED', 'Account locked after too many failed attempts'],
    ['STATUS_DISABLED', 'Account disabled'],
    ['SOMETHING_NEW', 'Something new'],
    ['Password is not correct.', 'Password is not correct.'],
  ])('%s → %s', (code, text) => {
    expect(describeFailReason(code, t, label)).toBe(text);
  });

  it('gives nothing for a success', () => {
    expect(describeFailReason(null, t, label)).toBeNull();
  });
});
