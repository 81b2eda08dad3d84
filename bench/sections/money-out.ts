/**
 * Money out (issue 11), for the payout merchant: the withdrawal and payout history lists at --money-out-rows rows
 * each, and a 10,000-row batch file validated (with the server's memory growth) and submitted.
 */
import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo';
import { login, type Timing } from '../measure';
import {
  ensureMoneyOutHistory,
  measureBatchFile,
  measurePayoutHistory,
  measureWithdrawalHistory,
  PAYOUT_MERCHANT,
  type BatchFigures,
} from '../measure-money-out';
import { count, defineSection, figureRow, postgresBudgetRow } from './section';

interface MoneyOutFigures {
  history: { withdrawals: number; payouts: number };
  withdrawals: Timing;
  payouts: Timing;
  batchFile: BatchFigures;
}

export const moneyOut = defineSection<MoneyOutFigures['history'], MoneyOutFigures>({
  name: 'money-out',
  prepare({ database, options, log }) {
    log(`${count(options.moneyOutRows)} withdrawals and payouts, their history lists, a 10,000-row batch file`);
    return ensureMoneyOutHistory(database.db, database.secrets, PAYOUT_MERCHANT, options.moneyOutRows);
  },
  async measure({ app, database, options, now }, history) {
    const session = () => login(app, 'payouts@demo.test', DEMO_PASSWORD);
    const withdrawals = await measureWithdrawalHistory(app, await session(), options.runs, now);
    const payouts = await measurePayoutHistory(app, await session(), options.runs, now);
    const batchFile = await measureBatchFile(app, database.db, await session(), PAYOUT_MERCHANT);
    return { history, withdrawals, payouts, batchFile };
  },
  rows: ({ history, withdrawals, payouts, batchFile }, { kind }) => [
    postgresBudgetRow(
      `Withdrawal history, API (${count(history.withdrawals)} withdrawals, filters)`,
      withdrawals,
      kind,
    ),
    postgresBudgetRow(`Payout history, API (${count(history.payouts)} payouts, filters)`, payouts, kind),
    figureRow(
      `Batch file of ${count(batchFile.rows)} rows: validate, server memory growth`,
      `${batchFile.validateS.toFixed(2)} s, +${batchFile.validateGrowthMb.toFixed(0)} MB`,
      '< 3 s, < 100 MB',
      batchFile.validateS < 3 && batchFile.validateGrowthMb < 100,
    ),
    figureRow(
      `Batch file of ${count(batchFile.rows)} rows: submit (checked again, held, written)`,
      `${batchFile.submitS.toFixed(2)} s`,
      '< 10 s',
      batchFile.submitS < 10,
    ),
  ],
});
