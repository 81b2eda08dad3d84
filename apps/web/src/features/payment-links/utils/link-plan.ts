/**
 * A subscription link's plan as the create form holds it, its checks (the same bounds as the contract's
 * subscriptionPlanSchema: PLAN_MAX_COUNT per interval, 2 to PLAN_MAX_CYCLES cycles) and the plan the
 * create call sends.
 */
import type { TFunction } from 'i18next';
import {
  PLAN_MAX_COUNT,
  PLAN_MAX_CYCLES,
  type PlanInterval,
  type SubscriptionPlan,
} from '@mbo/contracts/subscriptions';

export type PaymentKind = 'ONE_OFF' | 'SUBSCRIPTION';
export type PlanEnd = 'UNTIL_CANCELLED' | 'AFTER_CYCLES';

export interface PlanFormValues {
  kind: PaymentKind;
  interval: PlanInterval;
  intervalCount?: number | null;
  ends: PlanEnd;
  cycles?: number | null;
}

export const INITIAL_PLAN: PlanFormValues = {
  kind: 'ONE_OFF',
  interval: 'MONTH',
  intervalCount: 1,
  ends: 'UNTIL_CANCELLED',
  cycles: 12,
};

const isWhole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** Why the "every N" count does not fit the interval, or null. */
export function intervalCountProblem(
  t: TFunction,
  value: number | null | undefined,
  interval: PlanInterval,
): string | null {
  const max = PLAN_MAX_COUNT[interval];
  if (value === null || value === undefined) return t('plan.enterHowOften', { ns: 'payment-links' });
  if (!isWhole(value) || value < 1 || value > max)
    return t('plan.wholeFromTo', {
      ns: 'payment-links',
      max,
      units: t(`plan.units.${interval}`, { ns: 'payment-links' }),
    });
  return null;
}

/** Why the number of cycles of a plan that ends is not acceptable, or null. */
export function cyclesProblem(t: TFunction, value: number | null | undefined): string | null {
  const ns = 'payment-links';
  if (value === null || value === undefined) return t('plan.enterCycles', { ns });
  if (!isWhole(value)) return t('plan.wholeCycles', { ns });
  if (value < 2) return t('plan.atLeast2', { ns });
  if (value > PLAN_MAX_CYCLES) return t('plan.atMost', { ns, max: PLAN_MAX_CYCLES });
  return null;
}

/** The plan the create call sends; undefined for a one-off link (the field is left out). */
export function toSubscriptionPlan(values: PlanFormValues): SubscriptionPlan | undefined {
  if (values.kind !== 'SUBSCRIPTION') return undefined;
  return {
    interval: values.interval,
    intervalCount: values.intervalCount ?? 1,
    ...(values.ends === 'AFTER_CYCLES' && isWhole(values.cycles) ? { cycles: values.cycles } : {}),
  };
}
