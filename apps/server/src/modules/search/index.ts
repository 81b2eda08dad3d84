/**
 * The entry file of the search module (the header's global search): what app.ts and the bench use of it.
 * Re-exports only.
 */
export { default as searchRoutes } from './routes';
export { searchRecords } from './search-records';
