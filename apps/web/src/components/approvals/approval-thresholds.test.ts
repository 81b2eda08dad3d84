import { describe, expect, it } from 'vitest';
import { readThresholds, thresholdDraft } from './approval-thresholds';

describe('approval thresholds: typed text ↔ exact minor units', () => {
  it('reads each currency’s text into exact minor units (no float: 90071992547409.90 stays …990)', () => {
    expect(readThresholds({ EUR: '90071992547409.90', USD: '0.29', GBP: '19.99', JPY: '2500', KWD: '1.005' })).toEqual({
      thresholds: { EUR: 9_007_199_254_740_990, USD: 29, GBP: 1_999, JPY: 2_500, KWD: 1_005 },
      problems: {},
    });
    expect(readThresholds({ EUR: '4.35', USD: '1,234.50', SGD: ' 12 ' }).thresholds).toEqual({
      EUR: 435,
      USD: 123_450,
      SGD: 1_200,
    });
  });

  it('sends 0 (no approval) for an empty text or 0', () => {
    expect(readThresholds({ EUR: '', USD: '  ', JPY: '0' })).toEqual({
      thresholds: { EUR: 0, USD: 0, JPY: 0 },
      problems: {},
    });
  });

  it('refuses what is not an amount of the currency, naming the currency, instead of rounding it', () => {
    const read = readThresholds({ EUR: '1.005', JPY: '12.5', USD: '1e21', GBP: '1,234', CHF: '99999999999999999999' });
    expect(read.thresholds).toBeNull();
    expect(read.problems).toEqual({
      EUR: 'Use at most 2 decimals for EUR.',
      JPY: 'No decimals. JPY has no minor unit.',
      USD: 'Enter an amount like 25.00.',
      GBP: 'Use a point for decimals, like 25.00; commas only group thousands before a point (1,250.00).',
      CHF: 'The amount is too large.',
    });
  });

  it('shows a saved threshold back exactly, and nothing for none', () => {
    expect(thresholdDraft({ EUR: 9_007_199_254_740_990, JPY: 1_500, KWD: 1 }, ['EUR', 'JPY', 'KWD', 'USD'])).toEqual({
      EUR: '90071992547409.90',
      JPY: '1500',
      KWD: '0.001',
      USD: '',
    });
  });
});
