import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { settlements } from './settlements-schema';
import { computed, orNull, typedRows } from './typed-rows';

/** A stand-in for the database that answers every query with these rows, as a driver would hand them over. */
const answering = (rows: Record<string, unknown>[]) => ({ execute: async () => ({ rows }) }) as unknown as DbOrTx;

describe('typedRows', () => {
  it('decodes each column as the schema reads it: bigints and sums as numbers, timestamps as dates', async () => {
    const rows = await typedRows(
      answering([{ id: 'STL1', net: '12345', paid_at: '2026-01-02 03:04:05+00', count: '7' }]),
      { id: settlements.id, net: settlements.net, paid_at: orNull(settlements.paidAt), count: computed(Number) },
      sql`SELECT 1`,
    );
    expect(rows).toEqual([{ id: 'STL1', net: 12345, paid_at: new Date('2026-01-02T03:04:05Z'), count: 7 }]);
  });

  it('keeps null where the shape allows it and refuses it where the schema says NOT NULL, naming the column', async () => {
    const [row] = await typedRows(answering([{ paid_at: null }]), { paid_at: settlements.paidAt }, sql`SELECT 1`);
    expect(row.paid_at).toBeNull();
    await expect(typedRows(answering([{ net: null }]), { net: settlements.net }, sql`SELECT 1`)).rejects.toThrow(
      'column net is null',
    );
  });
});
