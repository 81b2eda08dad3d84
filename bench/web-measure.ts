/**
 * What `npm run bench:web` measures in Chromium, each run in a new browser context (an empty cache,
 * no cookies: a new visitor):
 * - the login page: every JavaScript response from opening /app/ until the login form is visible,
 *   its gzip size, and first contentful paint. The gzip size is the encoded bytes when the browser
 *   got gzip; when it got brotli or the plain file, the bytes the server sends for the same URL to a
 *   client that accepts only gzip (the file gzipped here, level 9, when the server does not compress);
 * - a list page: from navigation start to the first table row on screen, signed in.
 */
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Response } from 'playwright-core';

export interface ScriptLoad {
  url: string;
  /** gzip bytes: what the browser received when the answer was gzip, else the body gzipped here. */
  gzipBytes: number;
  /** Bytes of the body as received (after Content-Encoding), and that encoding. */
  receivedBytes: number;
  encoding: string;
  cacheControl: string;
}

export interface LoginPageRun {
  scripts: ScriptLoad[];
  /** Stylesheets of the same load, for the "served compressed and immutable" check. */
  styles: ScriptLoad[];
  fcpMs: number;
}

async function describe(response: Response): Promise<ScriptLoad> {
  const headers = await response.allHeaders();
  const encoding = headers['content-encoding'] ?? 'identity';
  const sizes = await response.request().sizes();
  return {
    url: response.url(),
    gzipBytes: encoding === 'gzip' ? sizes.responseBodySize : await gzipBytes(response.url(), await response.body()),
    receivedBytes: sizes.responseBodySize,
    encoding,
    cacheControl: headers['cache-control'] ?? '',
  };
}

/** What the server sends for `url` to a client that takes only gzip (the body gzipped here if it sends it plain). */
function gzipBytes(url: string, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          resolve(res.headers['content-encoding'] === 'gzip' ? bytes : gzipSync(body, { level: 9 }).length),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const isScript = (r: Response) =>
  r.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(r.url()).pathname);
const isStyle = (r: Response) =>
  r.request().resourceType() === 'stylesheet' || /\.css(\?|$)/.test(new URL(r.url()).pathname);

/** Opens /app/ as a new visitor and waits for the login form (its password field). */
export async function measureLoginPage(browser: Browser, baseUrl: string): Promise<LoginPageRun> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const pending: Promise<{ kind: 'script' | 'style'; load: ScriptLoad }>[] = [];
    page.on('response', (response) => {
      if (response.status() !== 200) return;
      if (isScript(response)) pending.push(describe(response).then((load) => ({ kind: 'script', load })));
      else if (isStyle(response)) pending.push(describe(response).then((load) => ({ kind: 'style', load })));
    });
    await page.goto(`${baseUrl}/app/`);
    await page.getByLabel('Password', { exact: false }).first().waitFor({ state: 'visible' });
    await page.getByRole('button', { name: /log in/i }).waitFor({ state: 'visible' });
    const fcpMs = await page.evaluate<number>(FIRST_CONTENTFUL_PAINT);
    const loads = await Promise.all(pending);
    return {
      scripts: loads.filter((l) => l.kind === 'script').map((l) => l.load),
      styles: loads.filter((l) => l.kind === 'style').map((l) => l.load),
      fcpMs,
    };
  } finally {
    await context.close();
  }
}

/** The session cookie of a login through the API (one login serves every run). */
export async function loginCookie(
  baseUrl: string,
  email: string,
  password: string,
): Promise<{ name: string; value: string }[]> {
  const res = await fetch(`${baseUrl}/usercenter/web/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { code: string; msg: string };
  if (body.code !== '000000') throw new Error(`login answered ${res.status} ${body.code} ${body.msg}`);
  return res.headers.getSetCookie().map((c) => {
    const [pair] = c.split(';');
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
  });
}

/**
 * In-page scripts are strings: the bench runs under tsx, whose transpiled functions may call helpers
 * that exist only in Node.
 */
const FIRST_CONTENTFUL_PAINT = `new Promise((resolve) => {
  const entry = performance.getEntriesByName('first-contentful-paint')[0];
  if (entry) return resolve(entry.startTime);
  new PerformanceObserver((list) => resolve(list.getEntries()[0].startTime)).observe({ type: 'paint', buffered: true });
})`;

/** Marks the moment the first table row is in the DOM (performance.now(), i.e. since navigation start). */
const WATCH_FIRST_ROW = `(() => {
  const observer = new MutationObserver(() => {
    if (window.__mboRowsAt === undefined && document.querySelector('tbody tr[data-row-key]')) {
      window.__mboRowsAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

async function signedInContext(
  browser: Browser,
  baseUrl: string,
  cookies: { name: string; value: string }[],
): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addCookies(cookies.map((c) => ({ ...c, url: baseUrl })));
  await context.addInitScript({ content: WATCH_FIRST_ROW });
  return context;
}

/** Milliseconds from navigation start to the first row of the list at `path` (under /app). */
export async function measureRowsVisible(
  browser: Browser,
  baseUrl: string,
  cookies: { name: string; value: string }[],
  path: string,
): Promise<number> {
  const context = await signedInContext(browser, baseUrl, cookies);
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/app${path}`);
    await page
      .locator('tbody tr[data-row-key]')
      .first()
      .waitFor({ state: 'visible' })
      .catch(async (err: unknown) => {
        throw new Error(`no rows on ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 300)}`, {
          cause: err,
        });
      });
    const at = await page.evaluate<number | undefined>('window.__mboRowsAt');
    if (at === undefined) throw new Error(`no row seen on ${path}`);
    if (!page.url().includes(path.split('?')[0])) throw new Error(`${path} ended on ${page.url()}`);
    return at;
  } finally {
    await context.close();
  }
}
