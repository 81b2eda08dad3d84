import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './migrate';
import { concurrentIndexNames, readMigrationFiles } from './migration-files';
import { LINT_BASELINE, lintMigration, type LintRule } from './migration-lint';

const rules = (text: string, earlier = ''): LintRule[] => lintMigration(text, earlier).map((p) => p.rule);
const NO_TX = '-- migrate: no-transaction\n';
const BP = '\n--> statement-breakpoint\n';

describe('migrations after the baseline', () => {
  it('never block writes for long: each passes the lint (the earlier ones ran on empty or small databases)', () => {
    const files = readMigrationFiles(MIGRATIONS_FOLDER);
    let earlier = '';
    const problems: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(MIGRATIONS_FOLDER, `${file.tag}.sql`), 'utf8');
      if (Number(file.tag.slice(0, 4)) > LINT_BASELINE)
        for (const p of lintMigration(text, earlier))
          problems.push(`${file.tag} #${p.statement} ${p.rule}: ${p.message}`);
      earlier += `\n${text}`;
    }
    expect(files.some((f) => Number(f.tag.slice(0, 4)) > LINT_BASELINE)).toBe(true);
    expect(problems).toEqual([]);
  });
});

describe('the migration lint', () => {
  it('fails CREATE INDEX without CONCURRENTLY, CONCURRENTLY in a transaction, and a concurrent build that cannot re-run', () => {
    expect(rules('CREATE INDEX payments_x ON payments (x);')).toEqual(['index-not-concurrent']);
    expect(rules('CREATE UNIQUE INDEX IF NOT EXISTS "p_x" ON "payments" ("x");')).toEqual(['index-not-concurrent']);
    expect(rules('CREATE INDEX CONCURRENTLY IF NOT EXISTS p_x ON payments (x);')).toEqual([
      'concurrently-in-transaction',
    ]);
    expect(rules(`${NO_TX}CREATE INDEX CONCURRENTLY p_x ON payments (x);`)).toEqual(['concurrent-index-rerun']);
    expect(rules(`${NO_TX}CREATE INDEX CONCURRENTLY IF NOT EXISTS p_x ON payments (x);`)).toEqual([]);
    expect(rules('DROP INDEX CONCURRENTLY IF EXISTS p_x;')).toEqual(['concurrently-in-transaction']);
    // The parent's index of a partitioned table, and an index of a table the file creates, build nothing big.
    expect(rules('CREATE INDEX audit_x ON ONLY audit_log (x);')).toEqual([]);
    expect(rules(`CREATE TABLE t (x int);${BP}CREATE INDEX t_x ON t (x);`)).toEqual([]);
  });

  it('fails a foreign key or CHECK added without NOT VALID; the NOT VALID form and its VALIDATE pass', () => {
    expect(rules('ALTER TABLE refunds ADD CONSTRAINT r_fk FOREIGN KEY (payment_id) REFERENCES payments (id);')).toEqual(
      ['constraint-not-valid'],
    );
    expect(rules('ALTER TABLE refunds ADD COLUMN batch_id text REFERENCES batches (id);')).toEqual([
      'constraint-not-valid',
    ]);
    expect(rules('ALTER TABLE payments ADD CONSTRAINT amount_positive CHECK (amount > 0);')).toEqual([
      'constraint-not-valid',
    ]);
    expect(
      rules(
        `ALTER TABLE payments ADD CONSTRAINT amount_positive CHECK (amount > 0) NOT VALID;${BP}ALTER TABLE payments VALIDATE CONSTRAINT amount_positive;`,
      ),
    ).toEqual([]);
  });

  it('fails ALTER COLUMN … TYPE', () => {
    expect(rules('ALTER TABLE payments ALTER COLUMN amount TYPE numeric;')).toEqual(['column-type']);
    expect(rules('ALTER TABLE payments ALTER COLUMN "amount" SET DATA TYPE numeric;')).toEqual(['column-type']);
  });

  it('fails SET NOT NULL unless an earlier migration validated CHECK (column IS NOT NULL)', () => {
    const setNotNull = 'ALTER TABLE payments ALTER COLUMN country SET NOT NULL;';
    expect(rules(setNotNull)).toEqual(['set-not-null']);
    const added = 'ALTER TABLE payments ADD CONSTRAINT payments_country_nn CHECK (country IS NOT NULL) NOT VALID;';
    expect(rules(setNotNull, added)).toEqual(['set-not-null']);
    expect(rules(setNotNull, `${added}\nALTER TABLE payments VALIDATE CONSTRAINT payments_country_nn;`)).toEqual([]);
  });

  it('fails a column added with a volatile default, not with a constant or now()', () => {
    expect(rules('ALTER TABLE payments ADD COLUMN token uuid DEFAULT gen_random_uuid();')).toEqual([
      'volatile-default',
    ]);
    expect(rules('ALTER TABLE payments ADD COLUMN seq bigserial;')).toEqual(['volatile-default']);
    expect(rules("ALTER TABLE payments ADD COLUMN note text DEFAULT '' NOT NULL;")).toEqual([]);
    expect(rules('ALTER TABLE payments ADD COLUMN seen_at timestamptz DEFAULT now();')).toEqual([]);
  });

  it('fails LOCK TABLE, unless the statement says why in a migrate-lint comment', () => {
    expect(rules('LOCK TABLE payments IN SHARE MODE;')).toEqual(['lock-table']);
    expect(
      rules('-- migrate-lint: allow lock-table (the copy of a small table)\nLOCK TABLE payments IN SHARE MODE;'),
    ).toEqual([]);
  });

  it('names the indexes a concurrent build makes, for the runner to drop an INVALID one before building it again', () => {
    expect(
      concurrentIndexNames(
        'CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "payments_x_idx" ON payments (x); -- CREATE INDEX CONCURRENTLY y',
      ),
    ).toEqual(['payments_x_idx']);
    expect(concurrentIndexNames('CREATE INDEX CONCURRENTLY p_y ON payments (y)')).toEqual(['p_y']);
    expect(concurrentIndexNames('CREATE INDEX p_z ON payments (z)')).toEqual([]);
  });
});
