import { defineConfig, type Alias, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const require = createRequire(import.meta.url);

/**
 * react-router's package exports only its development build (dev warnings kept); production builds
 * of the app use the production build it ships beside it.
 */
function reactRouterProduction(): Alias[] {
  const root = dirname(require.resolve('react-router/package.json'));
  return [
    { find: /^react-router$/, replacement: join(root, 'dist/production/index.mjs') },
    { find: /^react-router\/dom$/, replacement: join(root, 'dist/production/dom-export.mjs') },
  ];
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file of
 * the build, once, at build time; the server sends them to browsers that accept them
 * (@fastify/static `preCompressed`). Small files and files that would not shrink are left as they are.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'mbo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      // Not the dot folder (.vite/manifest.json): the server does not serve it.
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name) && !name.startsWith('.'));
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          const raw = await readFile(path);
          if (raw.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
            }),
            gzipAsync(raw, { level: 9 }),
          ]);
          if (br.length < raw.length) await writeFile(`${path}.br`, br);
          if (gz.length < raw.length) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * The antd components the auth pages render. With everything they import (React DOM, antd's core)
 * they make one chunk, which the entry loads: the login page then takes a few files instead of the
 * thirty small shared chunks the bundler would otherwise cut them into (each a request, each
 * compressed on its own). Nearly every other page uses them too. See bench/README.md (bench:web).
 */
const AUTH_UI = /node_modules[\\/]antd[\\/]es[\\/](form|input|button|alert)[\\/]/;

/**
 * swagger-ui-react, the renderer only the API docs page loads (a dynamic import of that page), with
 * what it imports that ui-core has not taken (a group takes its modules' dependencies): about 400 kB
 * gzip, which would be one chunk; cut into parts under the route chunk budget of 150 kB gzip.
 */
const SWAGGER_UI = /node_modules[\\/]swagger-ui-react[\\/]/;

export default defineConfig(({ command }) => ({
  base: '/app/',
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? reactRouterProduction() : []),
    ],
  },
  server: {
    proxy: {
      '^/(usercenter|acquiring|acquiringmerchant|settlement|account|payout|report|dev|pay|api)/':
        'http://localhost:8080',
    },
  },
  build: {
    outDir: 'dist',
    // Maps stay in dist for an error-reporting upload, but no file points to them and the server
    // refuses *.map (apps/server/src/plugins/web-app.ts).
    sourcemap: 'hidden',
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // maxSize (bytes of source before minifying) keeps each part of it well under the route
          // chunk budget of 150 kB gzip.
          groups: [
            { name: 'ui-core', test: AUTH_UI, maxSize: 900_000 },
            { name: 'swagger-ui', test: SWAGGER_UI, maxSize: 1_000_000 },
          ],
        },
      },
    },
  },
}));
