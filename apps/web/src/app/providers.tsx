import { useMemo, type ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { antdThemeOf } from './theme';
import { useThemeMode } from './theme-preference';
import { usePrefersReducedMotion } from './reduced-motion';
import { useAntdLocale } from '@/i18n/antd-locale';

/** antd without motion: no opening, closing or sliding animations (rc-motion skips them), no click wave. */
const withoutMotion = (theme: ThemeConfig): ThemeConfig => ({ ...theme, token: { ...theme.token, motion: false } });
const WAVE_OFF = { disabled: true };
/** A button reads as written: antd would space out a two-character Chinese label ("登 录"). */
const BUTTON = { autoInsertSpace: false };

/**
 * The root providers. antd's App (message, notification and modal for the pages) is not here: the
 * signed-in area gives it (layout/signed-in-app.tsx), so its modal code stays out of the login page.
 * When the user's system asks for reduced motion (prefers-reduced-motion: reduce), antd's motion is
 * off: dropdowns, selects, modals, drawers, menus and messages appear and go without animating.
 * The look (light or dark) is the user's theme choice, or the system's (theme-preference.ts); antd's
 * own words follow the language (i18n/antd-locale.ts).
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  const mode = useThemeMode();
  const locale = useAntdLocale();
  const theme = useMemo(() => {
    const base = antdThemeOf(mode);
    return reducedMotion ? withoutMotion(base) : base;
  }, [mode, reducedMotion]);
  return (
    <ConfigProvider theme={theme} locale={locale} button={BUTTON} wave={reducedMotion ? WAVE_OFF : undefined}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
