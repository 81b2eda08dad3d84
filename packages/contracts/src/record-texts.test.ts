import { describe, expect, it } from 'vitest';
import { parseRecordText, RECORD_TEXTS, recordText, type RecordTextKey } from './record-texts';
import { RECORD_TEXTS_ZH_CN } from './record-texts-zh-cn';

const keys = [...new Set(Object.keys(RECORD_TEXTS).map((k) => k.replace(/_(one|other)$/, '')))] as RecordTextKey[];

/** Values a template names, each a distinct sample ("count" a number). */
function samples(key: RecordTextKey): Record<string, string | number> {
  const template = Object.entries(RECORD_TEXTS).find(([k]) => k === key || k === `${key}_other`)![1];
  const names = [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
  return Object.fromEntries(names.map((n, i) => [n, n === 'count' ? 7 : `V${i}-${n}`]));
}

describe('record texts', () => {
  it('reads every sentence back into the key and values it was written with (no two keys collide)', () => {
    for (const key of keys) {
      const values = samples(key);
      const parsed = parseRecordText(recordText(key, values));
      expect(parsed, key).toEqual({
        key,
        values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])),
      });
    }
  });

  it('chooses the plural form by count', () => {
    expect(recordText('batchSomeFailed', { count: 1 })).toBe(
      '1 payout failed; its amount and fee returned to the available balance',
    );
    expect(recordText('batchSomeFailed', { count: 2 })).toMatch(/^2 payouts failed/);
    expect(parseRecordText(recordText('batchSomeFailed', { count: 1 }))).toEqual({
      key: 'batchSomeFailed',
      values: { count: '1' },
    });
  });

  it('finds a record text inside another one, and nothing in free text', () => {
    const inner = recordText('refundDeclinedSandbox');
    expect(parseRecordText(recordText('refundRefBecause', { id: 'R1', reason: inner }))).toEqual({
      key: 'refundRefBecause',
      values: { id: 'R1', reason: inner },
    });
    expect(parseRecordText('Account frozen by compliance')).toBeNull();
    expect(parseRecordText(recordText('rejectedBecauseReturned', { reason: 'x'.repeat(2_100) }))).toBeNull();
  });

  it('has Chinese for every key, with the same values', () => {
    for (const key of keys) {
      const zh =
        (RECORD_TEXTS_ZH_CN as Record<string, string>)[key] ??
        (RECORD_TEXTS_ZH_CN as Record<string, string>)[`${key}_other`];
      expect(zh, key).toBeTypeOf('string');
      const names = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(names(zh), key).toEqual(Object.keys(samples(key)).sort());
    }
  });
});
