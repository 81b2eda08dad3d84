import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { batchCountdown } from './batch-countdown';

const t = i18n.getFixedT('en', 'settlements');

const NOW = Date.parse('2026-05-02T10:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const MIN = 60_000;

describe('batchCountdown', () => {
  it('counts minutes in the last hour, never "0 min" before the cut-off', () => {
    expect(batchCountdown(at(42 * MIN + 30_000), NOW, t)).toBe('closes in 42 min');
    expect(batchCountdown(at(20_000), NOW, t)).toBe('closes in 1 min');
  });

  it('counts hours (with minutes under ten hours) and then days', () => {
    expect(batchCountdown(at(3 * 60 * MIN), NOW, t)).toBe('closes in 3 h');
    expect(batchCountdown(at(3 * 60 * MIN + 20 * MIN), NOW, t)).toBe('closes in 3 h 20 min');
    expect(batchCountdown(at(15 * 60 * MIN + 20 * MIN), NOW, t)).toBe('closes in 15 h');
    expect(batchCountdown(at(52 * 60 * MIN), NOW, t)).toBe('closes in 2 d 4 h');
    expect(batchCountdown(at(48 * 60 * MIN), NOW, t)).toBe('closes in 2 d');
  });

  it('says a passed cut-off is closing, and nothing for a time it cannot read', () => {
    expect(batchCountdown(at(0), NOW, t)).toBe('closing now');
    expect(batchCountdown(at(-5 * MIN), NOW, t)).toBe('closing now');
    expect(batchCountdown('not a time', NOW, t)).toBe('');
  });
});
