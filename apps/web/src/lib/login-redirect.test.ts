import { describe, expect, it } from 'vitest';
import { currentAppPath, loginPath, safeRedirect } from './login-redirect';

describe('login redirect', () => {
  it('builds the login path with the page to come back to', () => {
    expect(loginPath()).toBe('/auth/login');
    expect(loginPath('/transactions/payments?status=SUCCESS')).toBe(
      '/auth/login?redirect=%2Ftransactions%2Fpayments%3Fstatus%3DSUCCESS',
    );
  });

  it('reads the in-app path without the /app base', () => {
    expect(currentAppPath({ pathname: '/app/settings/team', search: '?tab=roles' })).toBe('/settings/team?tab=roles');
    expect(currentAppPath({ pathname: '/app', search: '' })).toBe('/');
  });

  it('accepts only in-app paths as redirect targets', () => {
    expect(safeRedirect('/transactions/payments?x=1')).toBe('/transactions/payments?x=1');
    expect(safeRedirect('https://evil.example')).toBe('/home');
    expect(safeRedirect('//evil.example/x')).toBe('/home');
    expect(safeRedirect('/\\evil.example')).toBe('/home');
    expect(safeRedirect('/auth/login')).toBe('/home');
    expect(safeRedirect(null)).toBe('/home');
  });
});
