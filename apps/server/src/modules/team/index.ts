/**
 * The entry file of the team module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/team/ import it through this file alone.
 */
export { AUDIT_COLUMNS, AUDIT_SHAPE, auditDetail, type AuditRow, auditWhere } from './audit-log';
export { default as teamRoutes } from './routes';
export { ROLE_DEFINITIONS, writeRoles } from './built-in-roles';
