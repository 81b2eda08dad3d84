/** The balance transactions list (the ledger's entries as the merchant reads them). */
import { measureBalanceTransactionsApi, sampleRefundReference, type Timing } from '../measure';
import { defineSection, MERCHANT, postgresBudgetRow } from './section';

export const balanceTransactions = defineSection<string, Timing>({
  name: 'balance-transactions',
  prepare: (ctx) => sampleRefundReference(ctx.database.db, MERCHANT),
  async measure({ app, options, now, session, log }, refundReference) {
    log('balance transactions list');
    return measureBalanceTransactionsApi(app, await session(), options.runs, now, refundReference);
  },
  rows: (list, { kind }) => [postgresBudgetRow('Balance transactions list, API (first page, filters)', list, kind)],
});
