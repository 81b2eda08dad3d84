import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Options } from 'tsup';

const SERVER_ROOT = import.meta.dirname;
const MIGRATIONS = path.join(SERVER_ROOT, 'src/db/migrations');

/**
 * The compiled server (`npm run build -w apps/server`): our code and the workspace package
 * @mbo/contracts (TypeScript sources) bundled into ESM for Node 20, every package of node_modules
 * left external (imported at run time, as installed). The SQL migrations and their journal are
 * copied beside the bundle (outDir/migrations), where db/migrate.ts looks for them. outDir must sit
 * directly in apps/server (config.ts finds the repository root three levels up, as from src/).
 */
export function serverBuild(outDir = 'dist'): Options {
  const out = path.resolve(SERVER_ROOT, outDir);
  return {
    entry: {
      server: path.join(SERVER_ROOT, 'src/server.ts'),
      // Loaded first with `node --import` (the start scripts): OpenTelemetry when OTEL_EXPORTER_OTLP_ENDPOINT is set.
      instrumentation: path.join(SERVER_ROOT, 'src/instrumentation.ts'),
      'migrate-cli': path.join(SERVER_ROOT, 'src/migrate-cli.ts'),
      'rotate-keys-cli': path.join(SERVER_ROOT, 'src/rotate-keys-cli.ts'),
      'storage-copy-cli': path.join(SERVER_ROOT, 'src/storage-copy-cli.ts'),
    },
    outDir: out,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    splitting: true,
    sourcemap: true,
    clean: true,
    tsconfig: path.join(SERVER_ROOT, 'tsconfig.json'),
    skipNodeModulesBundle: true,
    noExternal: [/^@mbo\//],
    silent: true,
    async onSuccess() {
      const target = path.join(out, 'migrations');
      fs.rmSync(target, { recursive: true, force: true });
      fs.mkdirSync(path.join(target, 'meta'), { recursive: true });
      for (const file of fs.readdirSync(MIGRATIONS).filter((name) => name.endsWith('.sql'))) {
        fs.copyFileSync(path.join(MIGRATIONS, file), path.join(target, file));
      }
      fs.copyFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), path.join(target, 'meta/_journal.json'));
    },
  };
}

export default defineConfig(serverBuild());
