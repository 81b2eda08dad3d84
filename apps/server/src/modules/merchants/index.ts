/**
 * The entry file of the merchants module (owner of the `merchants` table): what the other folders (other modules,
 * app.ts, seed/, smoke/, their tests) use of it. Re-exports only; outside modules/merchants/ import it through this
 * file alone.
 */
export { setApprovalThresholds, setRequireTwoFactor } from './merchant-settings';
export { merchantTimeZone } from './merchant-time-zone';
