// `npm test`: every suite, as stages, then a table of the stages with their durations.
//
// Stages of one step run at the same time (each is mostly one core: typecheck beside lint), each
// with its output kept and printed whole when it ends, so two stages never interleave their lines.
// A failed stage does not stop the run: every stage runs, the table says which failed, and the
// exit code is 1 when any did. Usage:
//   node scripts/test.mjs                 every stage
//   node scripts/test.mjs unit server-pg  only the named stages, in the order of STEPS
//   node scripts/test.mjs --list          the stages and their commands
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Each step is a list of stages run together; steps run one after the other. */
const STEPS = [
  [
    { name: 'typecheck', what: 'tsc -b over the project references', cmd: 'npm run typecheck' },
    { name: 'lint', what: 'ESLint, Prettier, then dependency-cruiser', cmd: 'npm run lint' },
  ],
  [
    {
      name: 'unit',
      what: 'contracts, web (jsdom) and the server tests that need no database',
      cmd: 'npm run test:unit',
    },
  ],
  [{ name: 'server-pg', what: 'every server test on PostgreSQL', cmd: 'npm run test:server' }],
  [
    {
      name: 'server-pglite',
      what: 'the embedded database: migrations, seed, jobs, per-kind tests, a smoke per domain',
      cmd: 'npm run test:server:embedded',
    },
  ],
  [
    {
      name: 'server-topology',
      what: 'beside PostgreSQL: an S3-protocol server, a streaming replica, PgBouncer',
      cmd: 'npm run test:server:topology',
    },
  ],
  [{ name: 'build', what: 'the web app and the compiled server', cmd: 'npm run build' }],
  [{ name: 'e2e', what: 'Playwright in Chromium against the compiled server', cmd: 'npm run test:e2e:built' }],
];

const args = process.argv.slice(2);
if (args.includes('--list')) {
  for (const stage of STEPS.flat()) console.log(`${stage.name.padEnd(14)} ${stage.cmd.padEnd(34)} ${stage.what}`);
  process.exit(0);
}
const wanted = args.filter((a) => !a.startsWith('--'));
const unknown = wanted.filter((name) => !STEPS.flat().some((s) => s.name === name));
if (unknown.length) {
  console.error(
    `Unknown stage ${unknown.join(', ')}: one of ${STEPS.flat()
      .map((s) => s.name)
      .join(', ')}`,
  );
  process.exit(2);
}
const steps = STEPS.map((step) => step.filter((s) => !wanted.length || wanted.includes(s.name))).filter(
  (step) => step.length,
);

/** The last "Tests  N passed" or Playwright's "N passed" line of a stage's output, for the table. */
function testCount(output) {
  const plain = stripVTControlCharacters(output);
  const vitest = [...plain.matchAll(/^\s*Tests\s+(.+)$/gm)].pop();
  if (vitest) return vitest[1].replace(/\s*\(\d+\)\s*$/, '').trim();
  const playwright = [...plain.matchAll(/^\s*(\d+ (?:passed|failed|flaky|skipped)[^\n]*)$/gm)].map((m) => m[1].trim());
  return playwright.length ? playwright.join(', ') : '';
}

function run(stage, alone) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(stage.cmd, { cwd: ROOT, shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    const keep = (chunk) => {
      output += chunk;
      // A stage alone streams its output as it comes; stages side by side print theirs whole at the end.
      if (alone) process.stdout.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      if (!alone) process.stdout.write(`\n──── ${stage.name} (${stage.cmd}) ────\n${output}`);
      resolve({ ...stage, ok: code === 0, code: code ?? signal, seconds, tests: testCount(output) });
    });
  });
}

const minutes = (seconds) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
const results = [];
const started = Date.now();
for (const step of steps) {
  if (step.length > 1) console.log(`\n▶ ${step.map((s) => s.name).join(' + ')} (side by side)`);
  else console.log(`\n▶ ${step[0].name}: ${step[0].cmd}`);
  results.push(...(await Promise.all(step.map((stage) => run(stage, step.length === 1)))));
}
const total = (Date.now() - started) / 1000;

const load = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
const rows = results.map((r) => [r.name, r.ok ? 'ok' : `FAILED (${r.code})`, minutes(r.seconds), r.tests]);
const totalRow = ['total', results.every((r) => r.ok) ? 'ok' : 'FAILED', minutes(total), ''];
const header = ['stage', 'result', 'time', 'tests'];
const widths = header.map((h, i) => Math.max(h.length, ...[...rows, totalRow].map((r) => r[i].length)));
const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
const table = [
  line(header),
  `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
  ...rows.map(line),
  line(totalRow),
].join('\n');
console.log(`\nStages (${os.cpus().length} cores, load average ${load} at the end):\n${table}`);
fs.mkdirSync(path.join(ROOT, 'node_modules/.cache'), { recursive: true });
fs.writeFileSync(path.join(ROOT, 'node_modules/.cache/test-stages.md'), `${table}\n`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
