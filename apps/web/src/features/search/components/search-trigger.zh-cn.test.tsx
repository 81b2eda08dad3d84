import '@/testing/mock-http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { i18n } from '@/i18n/i18n';
import { renderWithState } from '@/testing/render-with-state';
import { setupUser } from '@/testing/user';
import SearchTrigger from './search-trigger';

// The dialog's chunk, loaded once here so opening it does not wait on the first import.
await import('./search-dialog');

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage('zh-CN');
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('SearchTrigger in Simplified Chinese', () => {
  it('names the search box and its dialog in Chinese', async () => {
    const user = setupUser();
    renderWithState(<SearchTrigger compact={false} />);
    await user.click(screen.getByRole('button', { name: /搜索/ }));
    expect(await screen.findByRole('combobox', { name: '按 ID、参考号、订单号、邮箱或金额搜索记录' })).toBeTruthy();
    expect(screen.getByText(/Enter 打开/)).toBeTruthy();
  });
});
