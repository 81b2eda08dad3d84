import { describe, expect, it } from 'vitest';
import { cycleProgressText, describePlan, planIntervalText, planLengthText } from './display-plan';

describe('plan words', () => {
  it('says the interval, the length and the progress of a plan', () => {
    expect(planIntervalText({ interval: 'MONTH', intervalCount: 1 })).toBe('Every month');
    expect(planIntervalText({ interval: 'WEEK', intervalCount: 2 })).toBe('Every 2 weeks');
    expect(describePlan({ interval: 'MONTH', intervalCount: 3, cycles: 12 })).toBe('every 3 months · 12 cycles');
    expect(describePlan({ interval: 'YEAR', intervalCount: 1, cycles: null })).toBe('every year · until cancelled');
    expect(planLengthText(undefined)).toBe('until cancelled');
    expect(cycleProgressText(3, 12)).toBe('3 of 12 cycles');
    expect(cycleProgressText(1, null)).toBe('1 cycle');
  });
});
