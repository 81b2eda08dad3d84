/**
 * The entry file of the subscriptions module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/subscriptions/ import it through this file alone.
 */
export {
  AGREEMENT_COLUMNS,
  AGREEMENT_SHAPE,
  type AgreementRow,
  agreementWhere,
  planClockOf,
  toAgreementRecord,
} from './agreement-record';
export { cancelAgreement } from './cancel-agreement';
export { chargeAgreement, chargeDueAgreements } from './charge-agreements';
export { cycleDueAt, retryAt } from './plan-schedule';
export { listAgreements, readAgreement } from './read-agreements';
export { default as subscriptionRoutes } from './routes';
export { newAgreementId, startAgreement } from './start-agreement';
