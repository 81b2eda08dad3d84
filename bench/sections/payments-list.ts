/**
 * The payments list (issue 1's budget): the API's first page with filters, the same SQL alone (its service called on
 * the database), the API with several users at once, and the API's overhead over the SQL.
 */
import { measureListApi, measureListApiUnderLoad, measureListSql, samplePaymentId, type Timing } from '../measure';
import { defineSection, figureRow, MERCHANT, postgresBudgetRow, timingRow } from './section';

/** Users calling the list at once for the "under load" row. */
const LOAD_USERS = 4;

interface ListFigures {
  api: Timing;
  sql: Timing;
  loaded: Timing;
}

export const paymentsList = defineSection<string, ListFigures>({
  name: 'payments-list',
  prepare: (ctx) => samplePaymentId(ctx.database.db, MERCHANT),
  async measure({ app, database, options, now, session, log }, paymentId) {
    log('list');
    const api = await measureListApi(app, await session(), options.runs, now, paymentId);
    const sql = await measureListSql(database.db, MERCHANT, options.runs, now, paymentId);
    const sessions = await Promise.all(Array.from({ length: LOAD_USERS }, session));
    const loaded = await measureListApiUnderLoad(app, sessions, options.runs, now, paymentId);
    return { api, sql, loaded };
  },
  rows({ api, sql, loaded }, { kind }) {
    const ratio = api.p95 / sql.p95;
    return [
      postgresBudgetRow('Payments list, API (first page, filters)', api, kind),
      timingRow('Payments list, same SQL alone', sql),
      postgresBudgetRow(`Payments list, API, ${LOAD_USERS} users at once`, loaded, kind),
      figureRow('Payments list, API / SQL (p95)', `${ratio.toFixed(2)}x`, '≤ 2x', ratio <= 2),
    ];
  },
});
