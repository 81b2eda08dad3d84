import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { THEME } from '@mbo/contracts/product';

/** antd theme: the tokens of spec section 9, plus the light dashboard look. */
export const ANTD_THEME: ThemeConfig = {
  token: {
    colorPrimary: THEME.colorPrimary,
    colorSuccess: THEME.colorSuccess,
    colorWarning: THEME.colorWarning,
    colorError: THEME.colorError,
    colorInfo: THEME.colorPrimary,
    colorLink: THEME.colorPrimary,
    borderRadius: THEME.borderRadius,
    controlHeight: THEME.controlHeight,
    colorBgLayout: '#f5f7fb',
    colorTextBase: '#0a142f',
    fontFamily:
      "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#fbfcfe', bodyBg: '#f5f7fb', headerHeight: 64 },
    Menu: {
      itemBg: 'transparent',
      subMenuItemBg: 'transparent',
      itemSelectedBg: 'rgba(25, 87, 255, 0.08)',
      itemSelectedColor: THEME.colorPrimary,
      itemBorderRadius: 8,
      itemMarginInline: 8,
      itemHeight: 40,
    },
    Card: { borderRadiusLG: 12 },
  },
};

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ConfigProvider theme={ANTD_THEME}>
      <AntApp message={{ maxCount: 3, top: 72 }}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
