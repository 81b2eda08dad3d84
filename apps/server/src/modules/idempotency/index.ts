/**
 * The entry file of the idempotency module (owner of `idempotency_keys`): what the other folders (other modules,
 * app.ts, seed/, smoke/, their tests) use of it. Re-exports only; outside modules/idempotency/ import it through this
 * file alone.
 */
export {
  claimIdempotencyKey,
  idempotencyKeyFrom,
  type IdempotencyClaim,
  requestHash,
  storeIdempotentResponse,
} from './idempotency';
