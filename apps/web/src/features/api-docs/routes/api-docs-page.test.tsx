import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import type SwaggerUI from 'swagger-ui-react';
import { OPENAPI_URL } from '@mbo/contracts/integration';
import { i18n } from '@/i18n/i18n';
import { renderPageAt, where } from '@/testing/render-page-at';
import { testGlobalState } from '@/testing/render-with-state';
import { accessibleComponentsPlugin } from '../components/swagger-plugins';
import { OPENAPI_FIXTURE } from '../testing/openapi-fixture';
import ApiDocsPage from './api-docs-page';

type SwaggerUIProps = ComponentProps<typeof SwaggerUI>;

/** The renderer, replaced: counts how often its module is evaluated and keeps the props it got. */
const swagger = vi.hoisted(() => ({ loads: 0, props: [] as SwaggerUIProps[] }));
vi.mock('swagger-ui-react', () => {
  swagger.loads += 1;
  return {
    default: (props: SwaggerUIProps) => {
      swagger.props.push(props);
      return (
        <div data-testid="swagger-ui">Operations of {String((props.spec as typeof OPENAPI_FIXTURE).info?.title)}</div>
      );
    },
  };
});

const PATH = '/settings/integration/api-docs';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const renderPage = () => renderPageAt(PATH, <ApiDocsPage />, PATH, testGlobalState());
const loadingState = () => screen.queryByRole('status', { name: 'Loading the API reference' });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ApiDocsPage', () => {
  // First test of the file: nothing has rendered the page yet, only imported it.
  it('does not load swagger-ui with the page module', () => {
    expect(swagger.loads).toBe(0);
    // Every static import of the page has run by now (the mock counts an evaluation of swagger-ui-react);
    // the page names the renderer in a dynamic import only.
    const source = readFileSync(path.join(import.meta.dirname, 'api-docs-page.tsx'), 'utf8');
    expect(source).not.toMatch(/^import[^;]*swagger-ui/m);
    expect(source).toContain("import('../components/api-reference')");
  });

  it('shows the intro and a loading state, then the reference with the fetched document', async () => {
    const answer = deferred<Response>();
    fetchMock.mockReturnValueOnce(answer.promise);
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'API docs' })).toBeTruthy();
    expect(loadingState()).toBeTruthy();
    expect(screen.getByText(`${window.location.origin}/api/v1`)).toBeTruthy();
    expect(screen.getByText('Authorization: Bearer sk_test_…')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings → Integration' }).getAttribute('href')).toBe(
      '/settings/integration',
    );
    expect(screen.getByText('100 requests per second per key.')).toBeTruthy();
    expect(screen.getByText('Idempotency-Key')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Standard Webhooks' }).getAttribute('rel')).toBe('noopener noreferrer');
    const download = screen.getByRole('link', { name: /Download openapi\.json/ });
    expect(download.getAttribute('href')).toBe(OPENAPI_URL);
    expect(download.getAttribute('download')).toBe('openapi.json');

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(OPENAPI_URL);
    expect(init?.credentials).toBe('same-origin');

    answer.resolve(json(OPENAPI_FIXTURE));
    const region = screen.getByRole('region', { name: 'API reference' });
    expect(await within(region).findByTestId('swagger-ui')).toBeTruthy();
    expect(within(region).getByText('Operations of Merchant API')).toBeTruthy();
    expect(loadingState()).toBeNull();
    expect(swagger.loads).toBe(1);

    const props = swagger.props.at(-1)!;
    expect(props.spec).toEqual(OPENAPI_FIXTURE);
    // The page fetched the document: swagger-ui must not download it again.
    expect(props.url).toBeUndefined();
    expect(props).toMatchObject({
      tryItOutEnabled: true,
      persistAuthorization: false,
      deepLinking: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
      filter: true,
    });
    expect(props.plugins).toEqual([accessibleComponentsPlugin]);
    const sent = await props.requestInterceptor!({
      url: '/api/v1/payments',
      headers: { Authorization: 'Bearer sk_test_1' },
    });
    expect(sent).toMatchObject({ credentials: 'omit', headers: { Authorization: 'Bearer sk_test_1' } });
  });

  it('shows an error with a retry when the document cannot be fetched, and the reference after the retry', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Service Unavailable', { status: 503 }));
    renderPage();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The API reference could not be loaded.');
    expect(alert.textContent).toContain('The server answered HTTP 503.');
    expect(loadingState()).toBeNull();
    expect(screen.queryByTestId('swagger-ui')).toBeNull();
    // The intro does not depend on the document.
    expect(screen.getByText('Authorization: Bearer sk_test_…')).toBeTruthy();

    fetchMock.mockResolvedValueOnce(json(OPENAPI_FIXTURE));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('swagger-ui')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('goes back to the integration page', () => {
    fetchMock.mockReturnValue(deferred<Response>().promise);
    renderPage();
    fireEvent.click(screen.getByRole('link', { name: 'Integration' }));
    expect(where()).toBe('/settings/integration');
  });

  it('speaks Simplified Chinese, the error of the document included', async () => {
    await i18n.changeLanguage('zh-CN');
    try {
      fetchMock.mockResolvedValueOnce(new Response('Service Unavailable', { status: 503 }));
      renderPage();
      expect(screen.getByRole('heading', { level: 1, name: 'API 文档' })).toBeTruthy();
      expect(screen.getByText('每个密钥每秒 100 次请求。')).toBeTruthy();
      expect(screen.getByRole('link', { name: '设置 → 集成' })).toBeTruthy();
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('服务器返回 HTTP 503。');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
