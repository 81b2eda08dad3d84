/**
 * `npm run screenshots`: a full-page screenshot of every route of the app, at 1440 and 375 px, in the
 * light and the dark theme, for a person to look at (nothing is asserted). Against a running server
 * with the demo data (`npm start` in another terminal, or BASE_URL), as the Demo Store owner, and the
 * payout pages also as the payout merchant. Detail pages are reached through the first link to them
 * on a list page.
 *
 *   npm run screenshots                          every route, both widths, both themes
 *   npm run screenshots -- --only payout         routes whose path contains "payout"
 *   npm run screenshots -- --width 375 --theme dark
 *   npm run screenshots -- --locale zh-CN --text  in Chinese (each user's language is saved as zh-CN:
 *                                                use a throwaway demo, DATA_DIR=…), with each page's
 *                                                visible text beside its PNG, to look for English left
 *
 * The PNGs go to e2e/.tmp/screenshots/<theme>-<width>/ (BASE_URL, CHROMIUM_PATH and OUT override).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { DEMO_PASSWORD } from './support/sessions';

const ROUTE_TABLE = path.resolve(import.meta.dirname, '../apps/web/src/app/routing/route-table.ts');
const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    width: { type: 'string', multiple: true },
    theme: { type: 'string', multiple: true },
    locale: { type: 'string' },
    text: { type: 'boolean' },
  },
});
const BASE = (process.env.BASE_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const OUT = process.env.OUT ?? path.resolve(import.meta.dirname, '.tmp/screenshots');
const WIDTHS = (args.width ?? ['1440', '375']).map(Number);
const THEMES = (args.theme ?? ['light', 'dark']) as ('light' | 'dark')[];

interface Route {
  /** '/transactions/payments', or '/login' for an auth page. */
  path: string;
  detail: boolean;
  signedIn: boolean;
}

/** The routes of the route table, read from its source (it imports the pages, so it is not imported here). */
export function readRoutes(source: string): Route[] {
  const routes: Route[] = [];
  const [authPart, rest] = source.split('export const HOME_ROUTE');
  for (const m of authPart.matchAll(/path: '([^']+)'/g))
    routes.push({ path: `/${m[1]}`, detail: false, signedIn: false });
  routes.push({ path: '/home', detail: false, signedIn: true });
  let container = '';
  const lines = rest.split('\n');
  lines.forEach((line, i) => {
    const m = /path: '([^']+)'/.exec(line);
    if (!m) return;
    if (m[1].startsWith('/')) {
      container = m[1];
      return;
    }
    // A child: is `detail: true` among its next few lines, before the next path?
    let detail = false;
    for (let j = i + 1; j < Math.min(lines.length, i + 8) && !/path: '/.test(lines[j]); j++) {
      if (/detail: true/.test(lines[j])) detail = true;
    }
    routes.push({ path: `${container}/${m[1]}`, detail, signedIn: true });
  });
  return routes;
}

async function signedInContext(browser: Browser, email: string | null, width: number, theme: 'light' | 'dark') {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 812 : 900 },
    colorScheme: theme,
    reducedMotion: 'reduce',
  });
  if (email) {
    const res = await context.request.post(`${BASE}${USERCENTER_PATHS.login}`, {
      data: { email, password: DEMO_PASSWORD },
    });
    if (!res.ok()) throw new Error(`login of ${email}: HTTP ${res.status()} ${await res.text()}`);
    if (args.locale) {
      const saved = await context.request.post(`${BASE}${USERCENTER_PATHS.saveLocale}`, {
        data: { locale: args.locale },
      });
      if (!saved.ok()) throw new Error(`language of ${email}: HTTP ${saved.status()} ${await saved.text()}`);
    }
  } else if (args.locale) {
    await context.addInitScript((locale) => window.localStorage.setItem('mbo-locale', locale), args.locale);
  }
  return context;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .locator('.ant-skeleton, .ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 8000 })
    .catch(() => undefined);
}

const slug = (p: string) => p.replace(/^\//, '').replace(/[/?=&]+/g, '_') || 'root';

async function shoot(context: BrowserContext, url: string, file: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${BASE}/app${url}`);
  await settle(page);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
  if (args.text) fs.writeFileSync(file.replace(/\.png$/, '.txt'), await page.locator('body').innerText());
  return page;
}

/**
 * A list whose rows open their detail on a click (no link): the first row is clicked when a detail
 * route under this list's path has no link yet, and the URL it lands on is kept.
 */
async function findDetailByRowClick(page: Page, route: Route, routes: Route[], found: Map<string, string>) {
  const missing = routes.filter((r) => r.detail && !found.has(r.path) && r.path.startsWith(`${route.path}/`));
  // On the phone the row is the summary cell alone: the row is clicked where it is.
  const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
  if (!missing.length || !(await row.isVisible().catch(() => false))) return;
  if (
    !(await row.click({ timeout: 5000 }).then(
      () => true,
      () => false,
    ))
  )
    return;
  await page.waitForURL((url) => url.pathname !== `/app${route.path}`, { timeout: 5000 }).catch(() => undefined);
  const url = new URL(page.url());
  const p = url.pathname.replace(/^\/app/, '');
  if (missing.some((r) => r.path === p)) found.set(p, p + url.search);
}

/** Pages not shot themselves whose links lead to detail pages (a list behind a tab). */
const LINK_SOURCES = ['/payout/history?tab=batches'];

/** Keeps the first link on the page to each detail route not found yet. */
async function collectDetailLinks(page: Page, routes: Route[], found: Map<string, string>): Promise<void> {
  for (const href of await page
    .locator('a[href*="/app/"]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) {
    const target = new URL(href, BASE);
    const p = target.pathname.replace(/^\/app/, '');
    if (routes.some((r) => r.detail && r.path === p) && !found.has(p)) found.set(p, p + target.search);
  }
}

async function main(): Promise<void> {
  const routes = readRoutes(fs.readFileSync(ROUTE_TABLE, 'utf8')).filter(
    (r) => !args.only || r.path.includes(args.only),
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  let count = 0;
  try {
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        const dir = path.join(OUT, `${theme}-${width}`);
        const users: [string | null, string][] = [
          [null, ''],
          ['owner@demo.test', ''],
          ['payouts@demo.test', '-payouts'],
        ];
        for (const [email, suffix] of users) {
          const context = await signedInContext(browser, email, width, theme);
          const mine = routes.filter((r) =>
            email === null ? !r.signedIn : r.signedIn && (email.startsWith('owner') || /payout|withdraw/.test(r.path)),
          );
          /** Detail routes, found as links on the list pages shot before them. */
          const detailLinks = new Map<string, string>();
          for (const source of LINK_SOURCES.filter((s) => mine.some((r) => s.startsWith(r.path)))) {
            const page = await context.newPage();
            await page.goto(`${BASE}/app${source}`);
            await settle(page);
            await collectDetailLinks(page, routes, detailLinks);
            await page.close();
          }
          for (const route of mine) {
            let url: string | undefined = route.path;
            if (route.detail) {
              url = detailLinks.get(route.path);
              if (!url) {
                console.log(`  ${theme} ${width} ${route.path}${suffix}: no link to it on the pages before`);
                continue;
              }
            }
            const page = await shoot(context, url, path.join(dir, `${slug(route.path)}${suffix}.png`));
            count++;
            await collectDetailLinks(page, routes, detailLinks);
            await findDetailByRowClick(page, route, routes, detailLinks);
            await page.close();
          }
          await context.close();
        }
        console.log(`${theme} ${width}: ${dir}`);
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`${count} screenshots in ${OUT}`);
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) await main();
