import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { groupSecret, recoveryCodesText } from './two-factor-code';

const t = i18n.getFixedT('en', 'user-center');

describe('two-factor code texts', () => {
  it('groups the key by 4 for typing by hand', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
    expect(groupSecret('')).toBe('');
  });

  it('writes the recovery codes file with a heading and one code a line', () => {
    const text = recoveryCodesText(
      ['aaaaa-11111', 'bbbbb-22222'],
      {
        product: 'Demo Pay',
        account: 'owner@demo.test',
        date: new Date('2026-03-01T10:00:00Z'),
      },
      t,
    );
    expect(text.split('\n')[0]).toBe('Demo Pay recovery codes for owner@demo.test');
    expect(text).toContain('Created 2026-03-01.');
    expect(text.trimEnd().split('\n').slice(-2)).toEqual(['aaaaa-11111', 'bbbbb-22222']);
  });
});
