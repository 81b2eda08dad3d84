/** The header's global search (issue 28): one row per kind of query, budget p95 < 100 ms at 1,000,000 payments. */
import { measureSearch, searchQueries, type SearchFigures, type SearchQuery } from '../measure-search';
import { defineSection, MERCHANT, postgresBudgetRow } from './section';

export const search = defineSection<SearchQuery[], SearchFigures[]>({
  name: 'search',
  prepare: (ctx) => searchQueries(ctx.database.db, MERCHANT),
  async measure({ app, options, session, log }, queries) {
    log('global search');
    // A session per query: the six queries' 630 calls on one session pass the limit of 600 calls a minute once the
    // search is fast (answered 429).
    const figures: SearchFigures[] = [];
    for (const query of queries) figures.push(...(await measureSearch(app, await session(), [query], options.runs)));
    return figures;
  },
  rows: (figures, { kind }) =>
    figures.map((q) => postgresBudgetRow(`Global search, API: ${q.name} (${q.found} found)`, q, kind, 100)),
});
