import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { displayAmountLimits, displayCutoff, displaySettlementCycle, settlementCycleParts } from './service-terms';

const NBSP = '\u00a0';
const t = i18n.getFixedT('en');

describe('displayAmountLimits', () => {
  it('writes a range with the currency once, after the last figure', () => {
    expect(displayAmountLimits(50, 1_000_000, 'USD')).toBe(`0.50 – 10,000.00${NBSP}USD`);
    expect(displayAmountLimits(100, 5_000_000, 'JPY')).toBe(`100 – 5,000,000${NBSP}JPY`);
  });

  it('writes a limit on one side as "Up to" or "From", and none as "No limit"', () => {
    expect(displayAmountLimits(null, 1_000_000, 'EUR')).toBe(`Up to 10,000.00${NBSP}EUR`);
    expect(displayAmountLimits(0, 1_000_000, 'EUR')).toBe(`Up to 10,000.00${NBSP}EUR`);
    expect(displayAmountLimits(1000, null, 'KWD')).toBe(`From 1.000${NBSP}KWD`);
    expect(displayAmountLimits(null, null, 'USD')).toBe('No limit');
  });
});

describe('settlement cycle and cut-off', () => {
  it('say T+N in working days, T+0 the same day', () => {
    expect(displaySettlementCycle(t, 2)).toBe('T+2 working days');
    expect(displaySettlementCycle(t, 1)).toBe('T+1 working day');
    expect(displaySettlementCycle(t, 0)).toBe('T+0 same day');
    expect(settlementCycleParts(t, 7)).toEqual({ cycle: 'T+7', detail: 'working days' });
  });

  it('write the cut-off with its zone', () => {
    expect(displayCutoff('18:00', 'Asia/Singapore')).toBe('18:00 Asia/Singapore');
  });
});
