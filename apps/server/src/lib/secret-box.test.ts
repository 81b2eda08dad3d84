import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { DATA_KEY_FILE, loadKeyring, secretBoxFor } from '../db/data-keyring';
import { dataKeyFrom, isSealed, SecretBox, SecretBoxError } from './secret-box';

const KEY_A = Buffer.alloc(32, 1).toString('base64');
const KEY_B = Buffer.alloc(32, 2).toString('base64');
const box = (current: string, old: string[] = []) =>
  new SecretBox({ current: dataKeyFrom(current), old: old.map(dataKeyFrom), source: 'DATA_ENCRYPTION_KEY' });
const ROW = { table: 'bank_accounts', rowId: 'BAC1' };

describe('SecretBox', () => {
  it('seals into v1.<kid>.<iv>.<tag>.<ct>, differently each time, and opens only where it was sealed', () => {
    const a = box(KEY_A);
    const one = a.seal('NL91ABNA0417164300', ROW);
    const two = a.seal('NL91ABNA0417164300', ROW);
    expect(one).not.toBe(two);
    expect(one).not.toContain('0417164300');
    expect(one.split('.')).toHaveLength(5);
    expect(one.startsWith(`v1.${a.currentKid}.`)).toBe(true);
    expect(isSealed(one)).toBe(true);
    expect(isSealed('NL91ABNA0417164300')).toBe(false);
    expect(a.open(one, ROW)).toBe('NL91ABNA0417164300');
    // Bound to its table and row: moved elsewhere, it does not open.
    expect(() => a.open(one, { ...ROW, rowId: 'BAC2' })).toThrow(SecretBoxError);
    expect(() => a.open(one, { table: 'payouts', rowId: 'BAC1' })).toThrow(/changed or moved/);
    // Changed, it does not open.
    const parts = one.split('.');
    const flipped = Buffer.from(parts[4], 'base64url');
    flipped[0] ^= 1;
    expect(() => a.open([...parts.slice(0, 4), flipped.toString('base64url')].join('.'), ROW)).toThrow(SecretBoxError);
    expect(() => a.open('NL91ABNA0417164300', ROW)).toThrow(/not encrypted/);
  });

  it('names a key by a fingerprint, never the key; reads older keys and reseals with the newest', () => {
    const a = box(KEY_A);
    const sealed = a.seal('whsec_abc', ROW);
    expect(a.currentKid).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(a.currentKid).not.toBe(box(KEY_B).currentKid);
    expect(a.describe()).not.toContain(KEY_A);
    // Only the new key: the old value's key is unknown.
    expect(() => box(KEY_B).open(sealed, ROW)).toThrow(
      new RegExp(`encrypted with the key ${a.currentKid}, which is not in the keyring`),
    );
    const rotated = box(KEY_B, [KEY_A]);
    expect(rotated.open(sealed, ROW)).toBe('whsec_abc');
    expect(rotated.isCurrent(sealed)).toBe(false);
    const again = rotated.reseal(sealed, ROW);
    expect(rotated.isCurrent(again)).toBe(true);
    expect(box(KEY_B).open(again, ROW)).toBe('whsec_abc');
    expect(rotated.reseal(again, ROW)).toBe(again);
  });

  it('takes only 32-byte keys', () => {
    expect(() => dataKeyFrom(Buffer.alloc(16).toString('base64'))).toThrow(/32 bytes/);
  });
});

describe('the keyring of a configuration', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-keyring-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('without DATA_ENCRYPTION_KEY: a key made once in DATA_DIR, readable by its user only, and the same one at the next start', () => {
    const dataDir = tempDir();
    const first = loadKeyring(loadConfig({ DATA_DIR: dataDir }));
    const file = path.join(dataDir, DATA_KEY_FILE);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect(first.source).toContain(file);
    const second = loadKeyring(loadConfig({ DATA_DIR: dataDir }));
    expect(second.current.kid).toBe(first.current.kid);
    // A value sealed at one start opens at the next.
    expect(
      secretBoxFor(loadConfig({ DATA_DIR: dataDir })).open(
        secretBoxFor(loadConfig({ DATA_DIR: dataDir })).seal('x', ROW),
        ROW,
      ),
    ).toBe('x');
  });

  it('with DATA_ENCRYPTION_KEY: that key seals; the older keys and an existing key file still open', () => {
    const dataDir = tempDir();
    const fileKey = loadKeyring(loadConfig({ DATA_DIR: dataDir })).current;
    const ring = loadKeyring(
      loadConfig({ DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: KEY_B, DATA_ENCRYPTION_KEYS_OLD: KEY_A }),
    );
    expect(ring.current.kid).toBe(dataKeyFrom(KEY_B).kid);
    expect(ring.old.map((k) => k.kid)).toEqual([dataKeyFrom(KEY_A).kid, fileKey.kid]);
    expect(ring.source).toBe('DATA_ENCRYPTION_KEY');
  });

  it('NODE_ENV=production: no key file, the key must be configured', () => {
    const dataDir = tempDir();
    expect(() => loadKeyring(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }))).toThrow(
      /DATA_ENCRYPTION_KEY is not set/,
    );
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('a damaged key file stops the start with the reason', () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, DATA_KEY_FILE), 'c2hvcnQ=\n');
    expect(() => loadKeyring(loadConfig({ DATA_DIR: dataDir }))).toThrow(/data key file .* is damaged/);
  });
});
