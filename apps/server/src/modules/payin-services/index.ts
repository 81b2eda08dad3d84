/**
 * The entry file of the payin-services module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/payin-services/ import it through this file alone.
 */
export type { FeePricing } from './fee-pricing';
export {
  AmountOutsideLimitsError,
  assertCardServiceFor,
  methodKey,
  NoPayinServiceError,
  priceCapture,
  type ResolvedPayinService,
  servicesByMethod,
  withinLimits,
} from './resolve-fee-rule';
export { default as payinServiceRoutes } from './routes';
