/**
 * antd as the tests render it, fast:
 * - `token.motion: false`: antd's ConfigProvider gives @rc-component/motion `motion={false}`, so
 *   opening and closing (modals, drawers, dropdowns, messages) happens at once instead of after a
 *   transition jsdom never runs, and Button makes no wave.
 * - `zeroRuntime: true`: antd generates no CSS while rendering. jsdom lays nothing out, so what the
 *   tests get from CSS is only what it hides; src/test-setup.ts gives the document antd's own
 *   display and visibility rules instead (antd-visibility-rules.ts). This halved the web suite's
 *   time: every role query calls getComputedStyle, which goes through every rule in the document.
 */
import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { ConfigProvider, type ThemeConfig } from 'antd';

const TEST_THEME: ThemeConfig = { token: { motion: false }, zeroRuntime: true };

/** Wraps a tree in antd's ConfigProvider with the tests' theme. */
export function TestAntd({ children }: { children?: ReactNode }) {
  // As the app (providers.tsx): button labels as written.
  return (
    <ConfigProvider theme={TEST_THEME} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}

/** `render` from Testing Library, inside {@link TestAntd} (a `rerender` keeps it). */
export function renderWithTestAntd(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { ...options, wrapper: TestAntd });
}
