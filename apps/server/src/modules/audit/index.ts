/**
 * The entry file of the audit module (owner of the append-only `audit_log`): what the other folders (other modules,
 * app.ts, seed/, smoke/, their tests) use of it. Re-exports only; outside modules/audit/ import it through this file
 * alone. The audit log's list and export are read models of the team and reports modules.
 */
export { audit, type AuditEvent } from './record-audit';
export { auditPartitionsJob, maintainAuditPartitions } from './audit-partitions-job';
