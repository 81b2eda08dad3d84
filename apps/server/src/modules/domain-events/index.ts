/**
 * The entry file of the domain-events module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/domain-events/ import it through this file alone.
 */
export { emitDomainEvent, emitDomainEvents } from './emit-domain-event';
export { type EventObjectReaders, registerEventObjectReaders } from './event-object-readers';
