import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { renderWithTestAntd } from '@/testing/test-antd';

/** Shows where the router went, so a test can assert navigation. */
function WhereAmI() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

interface RenderPageOptions {
  /** The route pattern the page is mounted at, e.g. '/auth/login'. */
  path: string;
  /** The URL opened first (defaults to `path`). */
  url?: string;
  /** Router location state of the first entry. */
  state?: unknown;
}

/** Renders a page inside the providers the shell gives it; any other route reports where the router went. */
export function renderPage(page: ReactElement, { path, url, state }: RenderPageOptions) {
  // retryDelay 0: a query with its own `retry` (the detail pages retry a call that got no answer) retries at once, not
  // after 1 s and 2 s.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, retryDelay: 0 }, mutations: { retry: false } },
  });
  const [pathname, search] = (url ?? path).split('?');
  const result = renderWithTestAntd(
    <QueryClientProvider client={queryClient}>
      <App>
        <MemoryRouter initialEntries={[{ pathname, search: search ? `?${search}` : '', state }]}>
          <Routes>
            <Route path={path} element={page} />
            <Route path="*" element={<WhereAmI />} />
          </Routes>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
