import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import security from './security';
import webApp from './web-app';

/** A built web app as Vite writes it (hashed assets, precompressed beside them, hidden maps). */
const SCRIPT = `export const hello = ${JSON.stringify('hello '.repeat(400))};\n`;
const STYLE = `body { color: #0a142f; }\n${'.row { margin: 0 auto; }\n'.repeat(100)}`;
const INDEX = `<!doctype html><html><head><script type="module" src="/app/assets/index-AbC123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;

function writeDist(dir: string) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
  const put = (rel: string, content: string | Buffer) => fs.writeFileSync(path.join(dir, rel), content);
  const precompressed = (rel: string, content: string) => {
    put(rel, content);
    put(`${rel}.br`, brotliCompressSync(content));
    put(`${rel}.gz`, gzipSync(content, { level: 9 }));
  };
  precompressed('index.html', INDEX);
  precompressed('assets/index-AbC123.js', SCRIPT);
  precompressed('assets/index-DeF456.css', STYLE);
  put('assets/index-AbC123.js.map', '{"version":3,"sources":["src/main.tsx"],"mappings":""}');
  put('assets/tiny-Gh789.js', 'export {};\n'); // too small to be precompressed
  put('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  put('.vite/manifest.json', JSON.stringify(MANIFEST));
}

/** The build's manifest: the entry, the signed-in shell (layout, signed-in app, HTTP library) and a page. */
const MANIFEST = {
  'index.html': { file: 'assets/index-AbC123.js', isEntry: true, imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared-1.js' },
  '_table.js': { file: 'assets/table-1.js', imports: ['_shared.js'] },
  'src/app/layout/app-layout.tsx': {
    file: 'assets/app-layout-1.js',
    isDynamicEntry: true,
    imports: ['_shared.js', '_table.js'],
  },
  'src/app/layout/signed-in-app.tsx': { file: 'assets/signed-in-app-1.js', isDynamicEntry: true },
  '../../node_modules/axios/index.js': { file: 'assets/axios-1.js', isDynamicEntry: true },
  'src/features/payments/routes/payments-page.tsx': {
    file: 'assets/payments-page-1.js',
    isDynamicEntry: true,
    imports: ['_table.js'],
  },
};

describe('web app serving', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-web-dist-'));
    writeDist(dist);
    app = Fastify({ logger: false });
    app.decorate('config', loadConfig({}));
    await app.register(cookie);
    await app.register(security);
    await app.register(webApp, { root: dist });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends brotli to a browser that takes it, gzip to one that takes only gzip, the plain file otherwise', async () => {
    const br = await get('/app/assets/index-AbC123.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('/app/assets/index-AbC123.js', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    expect(gz.rawPayload.length).toBeLessThan(SCRIPT.length / 4);

    const plain = await get('/app/assets/index-AbC123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(SCRIPT);

    const css = await get('/app/assets/index-DeF456.css', 'br');
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['content-type']).toMatch(/text\/css/);
    expect(brotliDecompressSync(css.rawPayload).toString()).toBe(STYLE);

    // A file the build did not compress (too small) is sent as it is, whatever the browser takes.
    const tiny = await get('/app/assets/tiny-Gh789.js', 'gzip, br');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.payload).toBe('export {};\n');

    for (const res of [br, gz, plain, css, tiny]) expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('caches hashed assets for a year, immutable, and keeps index.html, the SPA fallback and root files fresh', async () => {
    for (const url of ['/app/assets/index-AbC123.js', '/app/assets/index-DeF456.css', '/app/assets/tiny-Gh789.js']) {
      expect((await get(url, 'gzip, br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const index = await get('/app/', 'gzip, br');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-encoding']).toBe('br');
    expect(index.headers['content-type']).toMatch(/text\/html/);
    expect(brotliDecompressSync(index.rawPayload).toString()).toBe(INDEX);

    const fallback = await get('/app/transactions/payments?status=SUCCESS', 'gzip');
    expect(fallback.statusCode).toBe(200);
    expect(fallback.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(fallback.rawPayload).toString()).toBe(INDEX);

    const favicon = await get('/app/favicon.svg');
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('preloads the signed-in shell with index.html for a visitor with the session hint, and nothing for a new visitor', async () => {
    const signedIn = await app.inject({
      method: 'GET',
      url: '/app/transactions/payments',
      headers: { cookie: 'mbo_signed_in=1' },
    });
    expect(signedIn.statusCode).toBe(200);
    const links = String(signedIn.headers.link).split(', ');
    expect(links.sort()).toEqual(
      ['app-layout-1', 'axios-1', 'signed-in-app-1', 'table-1'].map((f) => `</app/assets/${f}.js>; rel=modulepreload`),
    );
    expect(signedIn.headers.vary).toMatch(/Cookie/);
    const visitor = await get('/app/');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers.link).toBeUndefined();
  });

  it('keeps the security headers on assets and pages', async () => {
    for (const url of ['/app/', '/app/assets/index-AbC123.js', '/app/auth/login']) {
      const res = await get(url, 'br');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('does not serve source maps, dot files or paths out of the folder', async () => {
    for (const url of [
      '/app/assets/index-AbC123.js.map',
      '/app/assets/missing.js.map',
      '/app/.vite/manifest.json',
      '/app/assets/../.vite/manifest.json',
      '/app/assets/%2e%2e/.vite/manifest.json',
      '/app/assets/missing-Zz999.js',
    ]) {
      const res = await get(url, 'gzip, br');
      expect(res.statusCode, url).toBe(404);
      expect(res.payload).not.toContain('mappings');
    }
  });

  it('answers 503 while the web app is not built', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-web-empty-'));
    const bare = Fastify({ logger: false });
    try {
      await bare.register(webApp, { root: empty });
      const res = await bare.inject({ method: 'GET', url: '/app/home' });
      expect(res.statusCode).toBe(503);
    } finally {
      await bare.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
