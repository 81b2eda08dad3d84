export { computeFee, type FeeRule } from '@mbo/contracts/fee-rule';
