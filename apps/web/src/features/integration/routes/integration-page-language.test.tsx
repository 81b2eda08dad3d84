import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMock } from '@/testing/mock-http';
import { cleanup, screen, within } from '@testing-library/react';
import { INTEGRATION_PATHS } from '@mbo/contracts/integration';
import { i18n } from '@/i18n/i18n';
import { renderPageAt, runInDesktopWindow } from '@/testing/render-page-at';
import { testGlobalState } from '@/testing/render-with-state';
import { CI_KEY, keyList } from '../utils/integration-fixtures';
import IntegrationPage from './integration-page';

vi.setConfig({ testTimeout: 30_000 });
runInDesktopWindow();

afterEach(async () => {
  cleanup();
  getMock.mockReset();
  await i18n.changeLanguage('en');
});

describe('IntegrationPage in Simplified Chinese', () => {
  it('speaks Chinese: the header, the tabs and the API keys with their state', async () => {
    await i18n.changeLanguage('zh-CN');
    getMock.mockImplementation(async (url: string) => {
      if (url === INTEGRATION_PATHS.apiKeys) return keyList([CI_KEY]) as never;
      throw new Error(`unexpected ${url}`);
    });
    renderPageAt(
      '/settings/integration',
      <IntegrationPage />,
      '/settings/integration',
      testGlobalState({ authUrls: ['/settings/integration'], permissions: { API_KEY_MANAGE: true } }),
    );
    expect(screen.getByRole('heading', { level: 1, name: '集成' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'API 密钥' })).toBeTruthy();
    const keys = screen.getByRole('region', { name: 'API 密钥' });
    expect(await within(keys).findByText('有效')).toBeTruthy();
    expect(within(keys).getByText('沙箱')).toBeTruthy();
    expect(within(keys).getByText('创建密钥', { selector: 'button *' })).toBeTruthy();
  });
});
