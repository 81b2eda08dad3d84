/**
 * The entry file of the approvals module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/approvals/ import it through this file alone.
 */
export {
  type ApprovalDeps,
  type ApprovalHandler,
  checkDecidable,
  type Decision,
  decisionEvent,
  NOT_FOUND,
  registerApprovalHandler,
} from './approval-handlers';
export { anyNeedsApproval, needsApproval } from './approval-rules';
export { default as approvalRoutes } from './routes';
