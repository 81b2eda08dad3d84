import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkProductionConfig, loadConfig } from './config';

const PG = 'postgres://app@db.internal:5432/backoffice';

describe('demo data and dev mailbox settings', () => {
  it('are on for the embedded database (the one-command demo) and off against DATABASE_URL unless asked for', () => {
    expect(loadConfig({})).toMatchObject({ seedDemo: true, devMailbox: true });
    expect(loadConfig({ DATABASE_URL: PG })).toMatchObject({ seedDemo: false, devMailbox: false });
    expect(loadConfig({ DATABASE_URL: PG, SEED_DEMO: 'true' })).toMatchObject({ seedDemo: true, devMailbox: false });
    expect(loadConfig({ DATABASE_URL: PG, DEV_MAILBOX: 'true' })).toMatchObject({ seedDemo: false, devMailbox: true });
    expect(loadConfig({ SEED_DEMO: 'false', DEV_MAILBOX: '0' })).toMatchObject({ seedDemo: false, devMailbox: false });
    // Production never turns them on by default, even on the embedded database.
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ seedDemo: false, devMailbox: false });
  });

  it('refuses a value that is neither true nor false, naming the variable', () => {
    expect(() => loadConfig({ SEED_DEMO: 'yes please' })).toThrow(/SEED_DEMO must be true or false/);
    expect(() => loadConfig({ DEV_MAILBOX: 'on' })).toThrow(/DEV_MAILBOX must be true or false/);
  });
});

describe('checkProductionConfig', () => {
  const production = { NODE_ENV: 'production' };

  it('lets a production configuration with SMTP and no demo settings start', () => {
    const env = { ...production, DATABASE_URL: PG, SMTP_URL: 'smtp://mail.internal:587' };
    expect(() => checkProductionConfig(loadConfig(env), env)).not.toThrow();
    // Outside production nothing is refused.
    expect(() => checkProductionConfig(loadConfig({}), {})).not.toThrow();
  });

  it('refuses to start without SMTP_URL or with SEED_DEMO or DEV_MAILBOX on, naming each problem', () => {
    const noSmtp = { ...production, DATABASE_URL: PG };
    expect(() => checkProductionConfig(loadConfig(noSmtp), noSmtp)).toThrow(/NODE_ENV=production[\s\S]*SMTP_URL is not set/);
    const flags = { ...production, DATABASE_URL: PG, SMTP_URL: 'smtp://mail.internal:587', SEED_DEMO: 'true', DEV_MAILBOX: 'true' };
    let message = '';
    try {
      checkProductionConfig(loadConfig(flags), flags);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/SEED_DEMO is on/);
    expect(message).toMatch(/DEV_MAILBOX is on/);
    expect(message).not.toMatch(/SMTP_URL/);
    const embedded = { ...production, SEED_DEMO: 'true' };
    expect(() => checkProductionConfig(loadConfig(embedded), embedded)).toThrow(/SEED_DEMO is on/);
    expect(() => checkProductionConfig({ ...loadConfig(flags), seedDemo: false, devMailbox: false, rateLimits: false }, flags)).toThrow(/rate limits are off/);
  });

  it('stops the server before it opens anything: a clear message and a non-zero exit', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-prod-check-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
        env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, DEV_MAILBOX: 'true', PORT: '0' },
        cwd: path.join(import.meta.dirname, '..'),
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/Refusing to start with NODE_ENV=production/);
      expect(run.stderr).toMatch(/SMTP_URL is not set/);
      expect(run.stderr).toMatch(/DEV_MAILBOX is on/);
      // Nothing was created: no database in the data directory.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
