import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { i18n } from '@/i18n/i18n';
import { renderWithState, testGlobalState, TEST_USER } from '@/testing/render-with-state';
import ProfileDrawer from './profile-drawer';

afterEach(cleanup);

describe('ProfileDrawer', () => {
  it('shows who the user is and the merchant the session acts for', async () => {
    renderWithState(<ProfileDrawer open onClose={() => {}} />);
    expect(await screen.findByText('Olivia Owner', { selector: 'h4' })).toBeTruthy();
    expect(screen.getAllByText('owner@demo.test').length).toBeGreaterThan(0);
    expect(screen.getByText('ID M100001')).toBeTruthy();
    expect(screen.getByText('Payments')).toBeTruthy();
    expect(screen.getByText('Asia/Singapore (GMT+08:00)')).toBeTruthy();
    expect(screen.getByText('2026-03-01 09:02:03')).toBeTruthy();
    expect(screen.queryByText('Your merchant')).toBeNull();
  });

  it('also shows the home merchant while acting for a sub-merchant', async () => {
    const state = testGlobalState({ user: { ...TEST_USER, merchantId: 'M200002', merchantName: 'Demo Sub' } });
    renderWithState(<ProfileDrawer open onClose={() => {}} />, state);
    expect(await screen.findByText('Your merchant')).toBeTruthy();
    expect(screen.getByText('Demo Sub')).toBeTruthy();
    expect(screen.getByText('ID M100001')).toBeTruthy();
  });

  it('speaks Simplified Chinese: its labels and the product in words', async () => {
    await i18n.changeLanguage('zh-CN');
    try {
      renderWithState(<ProfileDrawer open onClose={() => {}} />);
      expect(await screen.findByText('个人资料')).toBeTruthy();
      expect(screen.getByText('产品类型')).toBeTruthy();
      expect(screen.getByText('收款')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
