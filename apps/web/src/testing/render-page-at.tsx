/**
 * A page under test at its route, as the list pages are tested: the app's providers, the URL the
 * page starts at, and `where()` for the URL it writes (filters, paging, sort). Paths the page links
 * to render "elsewhere".
 */
import type { ReactElement } from 'react';
import { afterEach, beforeEach } from 'vitest';
import { screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { GlobalStateContext, type GlobalStateApi } from '@/lib/global-state';
import { renderWithTestAntd } from './test-antd';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

/** The page's URL now: path and search. */
export const where = () => screen.getByTestId('where').textContent;

export function renderPageAt(path: string, page: ReactElement, entry: string, state: GlobalStateApi) {
  // retryDelay 0: a query with its own `retry` (the detail pages retry a call that got no answer) retries at once, not
  // after 1 s and 2 s.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryDelay: 0 } } });
  return renderWithTestAntd(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={[entry]}>
          <GlobalStateContext.Provider value={state}>
            <Routes>
              <Route path={path} element={page} />
              <Route path="*" element={<div>elsewhere</div>} />
            </Routes>
            <Where />
          </GlobalStateContext.Provider>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

/**
 * Runs the file's tests in a desktop-wide window: jsdom's matchMedia matches nothing, which antd
 * reads as a phone. Call once at the top level of a test file.
 */
export function runInDesktopWindow(): void {
  const narrow = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) => ({ ...narrow(query), matches: /min-width/.test(query) }) as MediaQueryList;
  });
  afterEach(() => {
    window.matchMedia = narrow;
  });
}
