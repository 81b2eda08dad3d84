import { defineConfig, type Alias } from 'vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

export default defineConfig(({ command }) => ({
  base: '/app/',
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? reactRouterProduction() : []),
    ],
  },
  server: { proxy: { '^/(usercenter|acquiring|acquiringmerchant|settlement|account|payout|report|dev|pay)/': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
}));
