import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPUTE_PATHS, type DisputeRecord } from '@mbo/contracts/disputes';
import { formatAmount } from '@mbo/contracts/money';
import { REPORT_PATHS } from '@mbo/contracts/reports';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { exportCsvRows } from './reports-test-helpers';

/** The DISPUTES export: the list's rows under the list's filters, and nothing of another merchant. */
describe('disputes export', () => {
  let t: TestApp;
  let owner: string;
  const FROM = new Date(Date.now() - 120 * 86_400_000).toISOString();
  const TO = new Date(Date.now() + 86_400_000).toISOString();

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  const exportCsv = (body: Record<string, unknown>) => exportCsvRows(t.app, owner, 'DISPUTES', body);

  it('writes the rows the list shows under the same filters, with labels and amounts in major units', async () => {
    const filters = { status: ['EVIDENCE_REQUIRED', 'WON', 'LOST'], type: ['CHARGEBACK'] };
    const list = await call(t.app, 'POST', DISPUTE_PATHS.list, {
      cookie: owner,
      payload: { ...filters, createdFrom: FROM, createdTo: TO, pageSize: 200 },
    });
    const records = list.body.data.records as DisputeRecord[];
    expect(records.length).toBeGreaterThan(0);
    const rows = await exportCsv({
      filters,
      columns: ['disputeId', 'type', 'status', 'reason', 'networkCode', 'amount', 'fee', 'currency'],
    });
    expect(rows[0]).toEqual([
      '\ufeffDispute ID',
      'Type',
      'Status',
      'Reason',
      'Reason code',
      'Disputed amount',
      'Dispute fee',
      'Currency',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(records.map((r) => r.disputeId));
    const first = records[0];
    expect(rows[1].slice(1)).toEqual([
      'Chargeback',
      first.status,
      expect.any(String),
      expect.any(String),
      formatAmount(first.amount, first.currency),
      formatAmount(first.fee, first.currency),
      first.currency,
    ]);
    expect(rows.slice(1).every((r) => r[1] === 'Chargeback')).toBe(true);
  });

  it("never writes another merchant's disputes and refuses filters of another list", async () => {
    const rows = await exportCsv({ filters: {}, columns: ['disputeId'] });
    const mine = await call(t.app, 'POST', DISPUTE_PATHS.list, {
      cookie: owner,
      payload: { createdFrom: FROM, createdTo: TO, pageSize: 200 },
    });
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual((mine.body.data.records as DisputeRecord[]).map((r) => r.disputeId).sort());
    const bad = await call(t.app, 'POST', REPORT_PATHS.create, {
      cookie: owner,
      payload: {
        type: 'DISPUTES',
        format: 'CSV',
        timeZone: 'UTC',
        createdFrom: FROM,
        createdTo: TO,
        filters: { country: 'NL' },
      },
    });
    expect(bad.body.code).toBe('001000B001');
  });
});
