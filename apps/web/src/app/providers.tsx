import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ANTD_THEME } from './theme';

/**
 * The root providers. antd's App (message, notification and modal for the pages) is not here: the
 * signed-in area gives it (layout/signed-in-app.tsx), so its modal code stays out of the login page.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ConfigProvider theme={ANTD_THEME}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
