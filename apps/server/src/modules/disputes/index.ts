/**
 * The entry file of the disputes module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/disputes/ import it through this file alone.
 */
export { moveDispute } from './dispute-lifecycle';
export { default as evidenceRoutes } from './evidence-routes';
export { DisputeNotPossible, openDispute } from './open-dispute';
export { DISPUTE_COLUMNS, DISPUTE_FIELDS, DISPUTE_FROM, type DisputeRow, disputeWhere } from './read-disputes';
export { default as disputeRoutes } from './routes';
export { SANDBOX_REVIEWER } from './sandbox-decide-job';
export { sandboxOpenDisputeJob } from './sandbox-open-dispute-job';
