import { describe, expect, it } from 'vitest';
import { availableShortcuts, canOpen, SHORTCUTS } from './shortcuts';

describe('availableShortcuts', () => {
  it('keeps only the pages in authUrls, in the fixed order', () => {
    const got = availableShortcuts(['/settings/team', '/transactions/payments', '/other'], () => true);
    expect(got.map((s) => s.key)).toEqual(['payments', 'team']);
  });

  it('needs the permission for shortcuts that exist to do one thing', () => {
    const urls = SHORTCUTS.map((s) => s.url);
    const without = availableShortcuts(urls, () => false).map((s) => s.key);
    expect(without).not.toContain('withdraw');
    expect(without).not.toContain('payout');
    expect(without).toContain('balance');
    const withAll = availableShortcuts(urls, () => true).map((s) => s.key);
    expect(withAll).toHaveLength(SHORTCUTS.length);
  });

  it('compares URLs without caring about slashes', () => {
    expect(canOpen('/account/balance', ['account/balance/'])).toBe(true);
    expect(canOpen('/account/balance', ['/account/balance/history'])).toBe(false);
  });
});
