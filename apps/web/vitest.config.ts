import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // Measured on the 2-core machine (contracts + web): about 345 s with vitest's defaults (one
    // worker, each file in a new one), about 95 s like this, about 50 s with antd rendered as in
    // src/testing/test-antd.tsx. Most of a file's time went on its new worker loading jsdom, react
    // and antd; without isolation a worker keeps them from file to file, while src/test-setup.ts
    // gives each file fresh app modules (so its vi.mock applies), a clean window and no stubs of the
    // file before. Two workers (the root config's maxWorkers) use both cores; forks and threads
    // timed the same. deps.optimizer.client and css: false gained nothing.
    pool: 'forks',
    isolate: false,
    // Heavy antd pages on a busy machine: many files already asked for 30 s.
    testTimeout: 30_000,
  },
});
