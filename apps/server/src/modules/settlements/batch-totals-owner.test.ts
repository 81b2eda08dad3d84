import fs from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';

/**
 * A clearing batch's totals have one writer, batch-membership.ts: captures, refunds and dispute holds
 * enter a batch there, under the one rule of what its net may still cover (the CHECK
 * settlement_batches_net). A second writer with a rule of its own is how a refund against a batch
 * holding a dispute once broke the CHECK and answered 500. This reads the server's sources (tests
 * and migrations aside) and fails on a write of the totals anywhere else.
 */
const SERVER_SRC = path.resolve(import.meta.dirname, '../..');
const OWNER = 'modules/settlements/batch-membership.ts';
const TOTALS = ['payment_count', 'gross', 'fees', 'refund_count', 'refunds', 'dispute_count', 'disputes'];
/** An assignment to a totals column (UPDATE … SET, ON CONFLICT DO UPDATE SET). */
const ASSIGNS_TOTAL = new RegExp(`\\b(${TOTALS.join('|')})\\s*=(?!=)`, 'i');
/** A raw SQL write of the table, up to the end of its template text (or of a nested template). */
const RAW_WRITE = /\b(UPDATE\s+settlement_batches|INSERT\s+INTO\s+settlement_batches)\b[^`]*/gi;
/** A write through the query builder. */
const BUILDER_WRITE = /\.(update|insert)\(\s*settlementBatches\b/;

const sources = globSync(['**/*.ts'], { cwd: SERVER_SRC, ignore: ['**/*.test.ts', 'test/**', 'db/migrations/**'] });

/** The writes of settlement_batches' totals in a source file's text. */
function totalsWrites(text: string): string[] {
  const writes: string[] = [];
  for (const [statement] of text.matchAll(RAW_WRITE)) {
    const insert = /^INSERT/i.test(statement);
    // An INSERT's column list names totals it writes; an UPDATE's (or an upsert's) SET assigns them.
    const columns = insert ? (/\(([^)]*)\)/.exec(statement)?.[1] ?? '') : '';
    const named = columns
      .split(',')
      .map((c) => c.trim().toLowerCase())
      .filter((c) => TOTALS.includes(c));
    if (named.length || ASSIGNS_TOTAL.test(statement)) writes.push(statement.replace(/\s+/g, ' ').slice(0, 120));
  }
  if (BUILDER_WRITE.test(text)) writes.push('query builder write of settlementBatches');
  return writes;
}

describe('clearing batch totals', () => {
  it('are written by batch-membership.ts alone', () => {
    const owner = totalsWrites(fs.readFileSync(path.join(SERVER_SRC, OWNER), 'utf8'));
    // The capture's upsert, the refund's deduction and restore, the dispute's hold, the recount: the guard sees them.
    expect(owner.length).toBeGreaterThanOrEqual(5);
    const elsewhere = sources
      .filter((file) => file !== OWNER)
      .flatMap((file) =>
        totalsWrites(fs.readFileSync(path.join(SERVER_SRC, file), 'utf8')).map((write) => `${file}: ${write}`),
      );
    expect(elsewhere).toEqual([]);
  });

  it('recognises a write of the totals, and not a move of a batch status', () => {
    expect(
      totalsWrites('sql`UPDATE settlement_batches SET disputes = disputes + ${held} WHERE id = ${id}`'),
    ).toHaveLength(1);
    expect(
      totalsWrites('sql`\n      UPDATE settlement_batches b\n         SET payment_count = coalesce(p.n, 0) FROM x`'),
    ).toHaveLength(1);
    expect(totalsWrites('sql`INSERT INTO settlement_batches (id, merchant_id, gross) VALUES (1, 2, 3)`')).toHaveLength(
      1,
    );
    expect(totalsWrites('tx.update(settlementBatches).set({ gross: 1 })')).toHaveLength(1);
    expect(
      totalsWrites("sql`UPDATE settlement_batches SET status = 'CLOSED', closed_at = ${at} WHERE status = 'OPEN'`"),
    ).toEqual([]);
    expect(
      totalsWrites(
        'sql`INSERT INTO settlement_batches (id, merchant_id, batch_key) VALUES (1, 2, 3) ON CONFLICT (batch_key) DO NOTHING`',
      ),
    ).toEqual([]);
  });
});
