import type { Parameters } from 'fast-check';

/**
 * Property and stress tests run in every `npm test` bounded: a fixed seed and a size chosen for CI,
 * so a run is repeatable and its length does not depend on the draw. `npm run test:deep`
 * (TEST_DEEP=1) runs the same tests at full size, from a new random seed each time. fast-check
 * prints the seed of a failure; `FC_SEED=<seed>` runs with that seed (at the CI size, or at full
 * size with TEST_DEEP=1) to replay it.
 */
export const DEEP = process.env.TEST_DEEP === '1';

/** The seed of the bounded runs in CI. */
const CI_SEED = 20_261_127;
const seedOverride = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;

/**
 * fast-check's parameters: `ci` runs from the fixed seed in every run, `deep` runs from a random seed under test:deep.
 */
export function propertyRuns(ci: number, deep: number): Parameters<unknown> {
  const seed = seedOverride ?? (DEEP ? undefined : CI_SEED);
  return seed === undefined ? { numRuns: deep } : { numRuns: DEEP ? deep : ci, seed };
}

/** A size (rows, steps, rounds of a stress test): `ci` in every run, `deep` under test:deep. */
export function sized<T>(ci: T, deep: T): T {
  return DEEP ? deep : ci;
}
