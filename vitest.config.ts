import { defineConfig } from 'vitest/config';
import { SERVER_PROJECTS } from './apps/server/vitest.projects';

export default defineConfig({
  test: {
    // Both cores for every project (vitest's default is one fewer than the cores: one worker here).
    // Set here, not per project: projects with a maxWorkers of their own run as separate groups.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'], environment: 'node' } },
      'apps/web/vitest.config.ts',
      ...SERVER_PROJECTS,
    ],
  },
});
