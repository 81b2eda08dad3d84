import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { i18n } from '@/i18n/i18n';
import { renderWithState } from '@/testing/render-with-state';
import FaqPage from './faq-page';

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('FaqPage in Simplified Chinese', () => {
  it('shows the questions and answers in Chinese, and searches them', () => {
    renderWithState(<FaqPage />);
    expect(screen.getByRole('heading', { name: '退款' })).toBeTruthy();
    expect(screen.getByText('哪些支付可以退款？')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('搜索常见问题'), { target: { value: '沙箱' } });
    expect(screen.getByRole('status').textContent).toMatch(/^\d+ 条答案匹配“沙箱”$/);
    expect(screen.getAllByText('沙箱', { selector: 'mark' }).length).toBeGreaterThan(0);
    expect(screen.queryByText('哪些支付可以退款？')).toBeNull();
  });
});
