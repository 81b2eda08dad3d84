import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parseRecordText } from '@mbo/contracts/record-texts';
import { typedRows, computed } from '../db/typed-rows';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * The sentences the demo data holds in its records (timeline notes, system actors, failure and end
 * reasons) are the product's record texts, so a Chinese reader reads every one in Chinese
 * (packages/contracts/src/record-texts.ts). Only what a person typed or named stays as written.
 */
describe('demo record texts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads every stored note, system actor and reason back as a record text', async () => {
    const rows = await typedRows(
      t.database.db,
      { source: computed(String), text: computed(String) },
      sql`
        SELECT DISTINCT 'events.note' AS source, note AS text FROM events WHERE note IS NOT NULL
        UNION SELECT DISTINCT 'events.actor', actor FROM events WHERE actor IS NOT NULL AND actor NOT LIKE '%@%'
        UNION SELECT DISTINCT 'payments.failure_reason', failure_reason FROM payments WHERE failure_reason IS NOT NULL
        UNION SELECT DISTINCT 'refunds.failure_reason', failure_reason FROM refunds WHERE failure_reason IS NOT NULL
        UNION SELECT DISTINCT 'payouts.failure_reason', failure_reason FROM payouts WHERE failure_reason IS NOT NULL
        UNION SELECT DISTINCT 'withdrawals.failure_reason', failure_reason FROM withdrawals WHERE failure_reason IS NOT NULL
        UNION SELECT DISTINCT 'agreements.end_reason', end_reason FROM agreements WHERE end_reason IS NOT NULL
        UNION SELECT DISTINCT 'bank_accounts.rejection_reason', rejection_reason FROM bank_accounts WHERE rejection_reason IS NOT NULL`,
    );
    expect(rows.length).toBeGreaterThan(10);
    const unread = rows.filter((r) => parseRecordText(r.text) === null).map((r) => `${r.source}: ${r.text}`);
    expect(unread).toEqual([]);
  });
});
