/**
 * The entry file of the report-schedules module (scheduled reports): what the other folders (app.ts, seed/, their
 * tests) use of it. Re-exports only; outside modules/report-schedules/ import it through this file alone.
 */
export { default as reportScheduleRoutes } from './routes';
export { runReportSchedules, type ScheduleTickResult } from './run-schedules';
export { nextRunAfter } from './schedule-times';
