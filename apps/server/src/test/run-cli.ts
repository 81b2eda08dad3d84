import { spawn } from 'node:child_process';
import path from 'node:path';

const SERVER_ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * One of the server's command-line tools (`src/<file>`, e.g. migrate-cli.ts for `npm run migrate`) as a process of
 * its own, run from source through tsx with only PATH and `env`: its exit code and its output, stdout and stderr.
 */
export function runCli(file: string, env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/${file}`], {
      cwd: SERVER_ROOT,
      env: { PATH: process.env.PATH, ...env },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}
