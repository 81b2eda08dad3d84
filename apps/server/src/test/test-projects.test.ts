import fs from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { EMBEDDED, NO_DATABASE } from '../../vitest.projects';
import { testDatabaseOf } from './test-database';

const SERVER_ROOT = path.resolve(import.meta.dirname, '../..');
const files = (patterns: string[]) => new Set(globSync(patterns, { cwd: SERVER_ROOT }));
const ALL = files(['src/**/*.test.ts']);

/** A file that asks which database it runs on, and so tests something else on each. */
const BRANCHES_ON_KIND =
  /inject\('testDb'\)|\.kind\s*[!=]==?\s*'(pglite|postgres)'|'(pglite|postgres)'\s*[!=]==?\s*\w+\.kind\b/;

describe('the server test projects', () => {
  it('runs every file that branches on the kind of database on the embedded database too', () => {
    const embedded = files(EMBEDDED);
    const branching = [...ALL].filter((file) =>
      BRANCHES_ON_KIND.test(fs.readFileSync(path.join(SERVER_ROOT, file), 'utf8')),
    );
    expect(branching.length).toBeGreaterThan(5);
    expect(branching.filter((file) => !embedded.has(file))).toEqual([]);
  });

  it('gives the embedded project the migrations, the seed, the job queue and a smoke per domain', () => {
    const embedded = files(EMBEDDED);
    for (const required of [
      'src/db/migrate.test.ts',
      'src/jobs/job-queue.test.ts',
      'src/seed/demo-settlements.test.ts',
    ])
      expect(embedded).toContain(required);
    expect([...embedded].filter((file) => file.startsWith('src/smoke/')).length).toBeGreaterThan(0);
  });

  it('keeps the files that need no database out of the database projects, and every listed pattern matches a file', () => {
    const noDatabase = files(NO_DATABASE);
    for (const file of [...noDatabase].filter((f) => f !== 'src/test/test-projects.test.ts'))
      expect(fs.readFileSync(path.join(SERVER_ROOT, file), 'utf8'), file).not.toMatch(
        /createTestApp|openDatabase\(|inject\(/,
      );
    for (const pattern of [...NO_DATABASE, ...EMBEDDED]) expect(files([pattern]).size, pattern).toBeGreaterThan(0);
    expect([...files(EMBEDDED)].filter((file) => noDatabase.has(file))).toEqual([]);
  });

  it('mocks no module: the server projects share imported modules between the files of a worker (isolate: false)', () => {
    // A module mock would reach the next file in the worker, or miss a module an earlier file loaded: inject instead.
    const mocking = [...ALL].filter(
      (file) =>
        file !== 'src/test/test-projects.test.ts' &&
        /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/.test(fs.readFileSync(path.join(SERVER_ROOT, file), 'utf8')),
    );
    expect(mocking).toEqual([]);
  });

  it('runs the embedded project on PGlite, and the others on TEST_DB with PostgreSQL by default', () => {
    expect(testDatabaseOf('server-embedded', { TEST_DB: 'postgres' })).toBe('pglite');
    expect(testDatabaseOf('server', {})).toBe('postgres');
    expect(testDatabaseOf('server', { TEST_DB: '' })).toBe('postgres');
    expect(testDatabaseOf('server', { TEST_DB: 'pglite' })).toBe('pglite');
    expect(testDatabaseOf('server-topology', { TEST_DB: 'pglite' })).toBe('postgres');
    expect(() => testDatabaseOf('server', { TEST_DB: 'sqlite' })).toThrow(/TEST_DB must be postgres or pglite/);
  });
});
