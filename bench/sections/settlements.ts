/**
 * Settlements (issue 9): the settlement history, clearing batches and estimation of the generated merchant at its
 * size; then a day of payments settled by the settlement job (timed, with its memory growth) and the first pages of
 * that settlement's transactions.
 */
import type { Timing } from '../measure';
import {
  measureBatchList,
  measureEstimation,
  measureSettlementList,
  measureSettlementTransactions,
  sampleSettlementId,
  settleOneDay,
  type SettlementDayFigures,
} from '../measure-settlements';
import { count, defineSection, figureRow, MERCHANT, postgresBudgetRow } from './section';

/**
 * The merchant whose day of payments the settlement job settles (a sub-merchant of Demo Store the owner may switch
 * to).
 */
const DAY_MERCHANT = 'M1000002';
/** Payments of that day: about 100,000 of them succeed. */
const DAY_PAYMENTS = 118_000;

interface SettlementFigures {
  list: Timing;
  batches: Timing;
  estimation: Timing;
  day: SettlementDayFigures;
  transactions: Timing;
}

export const settlements = defineSection<string, SettlementFigures>({
  name: 'settlements',
  prepare: (ctx) => sampleSettlementId(ctx.database.db, MERCHANT),
  async measure({ app, database, options, now, session, log }, settlementId) {
    log('settlement history, clearing batches, estimation');
    const list = await measureSettlementList(app, await session(), options.runs, now, settlementId);
    const batches = await measureBatchList(app, await session(), options.runs, now);
    const estimation = await measureEstimation(app, await session(), options.runs);
    log(`a day of ${count(DAY_PAYMENTS)} payments for ${DAY_MERCHANT}, then the settlement job`);
    const day = await settleOneDay(database.db, DAY_MERCHANT, DAY_PAYMENTS);
    const transactions = await measureSettlementTransactions(
      app,
      await session(),
      DAY_MERCHANT,
      options.runs,
      day.settlementId,
    );
    return { list, batches, estimation, day, transactions };
  },
  rows: ({ list, batches, estimation, day, transactions }, { kind }) => [
    postgresBudgetRow('Settlement history, API (first pages, filters)', list, kind),
    postgresBudgetRow('Clearing batches, open and history, API (filters)', batches, kind),
    postgresBudgetRow('Settlement estimation, API (30 days)', estimation, kind, 200, 'p95 < 200 ms'),
    figureRow(
      `Settle a day of ${count(day.payments)} payments (settlement job)`,
      `${day.seconds.toFixed(2)} s, +${day.memoryGrowthMb.toFixed(0)} MB`,
      '< 10 s, bounded memory',
      day.seconds < 10,
    ),
    postgresBudgetRow(
      `Settlement's transactions, API (pages 1–5 of ${count(day.settlementPayments)})`,
      transactions,
      kind,
    ),
  ],
});
