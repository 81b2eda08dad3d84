/**
 * The entry file of the reports module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/reports/ import it through this file alone.
 */
export { buildExportJob } from './build-export-job';
export { createExport, readExportChoice, shareExport } from './create-export';
export { mayExportType } from './export-access';
export { exportType } from './export-types';
export { default as reportRoutes } from './routes';
