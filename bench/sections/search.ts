/** The header's global search (issue 28): one row per kind of query, budget p95 < 100 ms at 1,000,000 payments. */
import { measureSearch, searchQueries, type SearchFigures, type SearchQuery } from '../measure-search';
import { defineSection, MERCHANT, postgresBudgetRow } from './section';

export const search = defineSection<SearchQuery[], SearchFigures[]>({
  name: 'search',
  prepare: (ctx) => searchQueries(ctx.database.db, MERCHANT),
  async measure({ app, options, session, log }, queries) {
    log('global search');
    return measureSearch(app, await session(), queries, options.runs);
  },
  rows: (figures, { kind }) =>
    figures.map((q) => postgresBudgetRow(`Global search, API: ${q.name} (${q.found} found)`, q, kind, 100)),
});
