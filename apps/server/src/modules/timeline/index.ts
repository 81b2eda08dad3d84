/**
 * The entry file of the timeline module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/timeline/ import it through this file alone.
 */
export {
  appendTimeline,
  readTimeline,
  statusOf,
  type TimelineEntry,
  type TimelineEvent,
  type TimelineSubject,
} from './timeline';
