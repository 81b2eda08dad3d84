import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      'apps/web/vitest.config.ts',
      'apps/server/vitest.config.ts',
    ],
  },
});
