// Builds what `npm start` runs, only when its sources changed: the web app (apps/web/dist) and the
// compiled server (apps/server/dist). Each build leaves a stamp in its dist folder, a SHA-256 of
// its inputs (every source file's path and content, and the build-time settings); a start whose
// inputs hash to the stamp skips that build. Usage:
//   node scripts/ensure-built.mjs            build web and server if stale (npm start)
//   node scripts/ensure-built.mjs server     only the server (npm run migrate)
//   node scripts/ensure-built.mjs --always   rebuild both (npm run build)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const STAMP = '.build-stamp';

const TARGETS = {
  web: {
    workspace: 'apps/web',
    dist: 'apps/web/dist',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'apps/web/tsconfig.json',
      'packages/contracts/src',
    ],
    // Read by the build (Sentry in the browser): a change means a new build.
    env: ['VITE_SENTRY_DSN'],
  },
  server: {
    workspace: 'apps/server',
    dist: 'apps/server/dist',
    inputs: [
      'apps/server/src',
      'apps/server/tsup.config.ts',
      'apps/server/package.json',
      'apps/server/tsconfig.json',
      'packages/contracts/src',
    ],
    env: [],
  },
};

/** Every file under the inputs (tests excluded: they are not built), sorted, so the hash is stable. */
function filesOf(input) {
  const full = path.join(ROOT, input);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [input];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .sort();
}

function inputHash(target) {
  const hash = createHash('sha256');
  for (const file of target.inputs.flatMap(filesOf)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(ROOT, file)));
  }
  for (const name of target.env) hash.update(`${name}=${process.env[name] ?? ''}\0`);
  return hash.digest('hex');
}

const args = process.argv.slice(2);
const always = args.includes('--always');
const names = args.filter((a) => !a.startsWith('--'));
for (const name of names.length ? names : Object.keys(TARGETS)) {
  const target = TARGETS[name];
  if (!target) {
    console.error(`Unknown build target "${name}" (one of ${Object.keys(TARGETS).join(', ')}).`);
    process.exit(2);
  }
  const stampFile = path.join(ROOT, target.dist, STAMP);
  const hash = inputHash(target);
  if (!always && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8').trim() === hash) continue;
  console.log(
    `Building ${target.workspace} (${always ? 'asked for' : fs.existsSync(stampFile) ? 'sources changed' : 'no build yet'})…`,
  );
  const run = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  fs.writeFileSync(stampFile, `${hash}\n`);
}
