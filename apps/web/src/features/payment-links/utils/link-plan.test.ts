import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { subscriptionPlanSchema } from '@mbo/contracts/subscriptions-schemas';
import { cyclesProblem, INITIAL_PLAN, intervalCountProblem, toSubscriptionPlan } from './link-plan';

const t = i18n.getFixedT('en');

describe('a subscription link plan', () => {
  it('bounds the interval count per interval, as the contract does', () => {
    expect(intervalCountProblem(t, 12, 'MONTH')).toBeNull();
    expect(intervalCountProblem(t, 13, 'MONTH')).toBe('Enter a whole number from 1 to 12 (months).');
    expect(intervalCountProblem(t, 0, 'DAY')).toMatch(/from 1 to 365/);
    expect(intervalCountProblem(t, 1.5, 'WEEK')).toMatch(/whole number/);
    expect(intervalCountProblem(t, null, 'YEAR')).toBe('Enter how often to charge.');
    expect(subscriptionPlanSchema.safeParse({ interval: 'MONTH', intervalCount: 13 }).success).toBe(false);
  });

  it('refuses fewer than 2 or more than 120 cycles', () => {
    expect(cyclesProblem(t, 1)).toMatch(/at least 2 cycles/);
    expect(cyclesProblem(t, 2)).toBeNull();
    expect(cyclesProblem(t, 120)).toBeNull();
    expect(cyclesProblem(t, 121)).toMatch(/at most 120/);
    expect(cyclesProblem(t, 2.5)).toBe('Enter a whole number of cycles.');
  });

  it('sends no plan for a one-off link, and a plan the contract accepts for a subscription', () => {
    expect(toSubscriptionPlan(INITIAL_PLAN)).toBeUndefined();
    const untilCancelled = toSubscriptionPlan({
      ...INITIAL_PLAN,
      kind: 'SUBSCRIPTION',
      interval: 'WEEK',
      intervalCount: 2,
    });
    expect(untilCancelled).toEqual({ interval: 'WEEK', intervalCount: 2 });
    const twelve = toSubscriptionPlan({ ...INITIAL_PLAN, kind: 'SUBSCRIPTION', ends: 'AFTER_CYCLES', cycles: 12 });
    expect(twelve).toEqual({ interval: 'MONTH', intervalCount: 1, cycles: 12 });
    expect(subscriptionPlanSchema.safeParse(untilCancelled).success).toBe(true);
    expect(subscriptionPlanSchema.safeParse(twelve).success).toBe(true);
  });
});
