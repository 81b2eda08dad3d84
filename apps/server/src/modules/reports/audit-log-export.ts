import { sql } from 'drizzle-orm';
import { AUDIT_EXPORT_COLUMNS } from '@mbo/contracts/lists/audit-log-list';
import { AUDIT_ACTION_LABELS, type AuditAction } from '@mbo/contracts/team';
import { auditLogFiltersSchema } from '@mbo/contracts/team-schemas';
import { AUDIT_COLUMNS, AUDIT_SHAPE, auditDetail, auditWhere, type AuditRow } from '../team';
import { formatInZone } from '../../lib/zoned-time';
import type { ExportColumnDef, ExportParams, ExportTypeDef } from './export-types';
import { countRows, keysetBatches } from './keyset';

/** AUDIT_COLUMNS' result, typed and decoded from the schema. */
const SHAPE = AUDIT_SHAPE;
type Row = AuditRow;

const filtersSchema = auditLogFiltersSchema.omit({ createdFrom: true, createdTo: true }).strict();
const FROM = sql`audit_log g`;

function where(merchantId: string, params: ExportParams) {
  return auditWhere(merchantId, {
    ...filtersSchema.parse(params.filters),
    createdFrom: params.createdFrom,
    createdTo: params.createdTo,
  });
}

type ColumnKey = (typeof AUDIT_EXPORT_COLUMNS)[number]['key'];
/** Each column's cell: the action by its label, the time in the export's zone and in UTC, the detail as JSON. */
const CELLS: Record<ColumnKey, Pick<ExportColumnDef<Row>, 'value'>> = {
  at: { value: (r, ctx) => formatInZone(r.created_at, ctx.timeZone) },
  atUtc: { value: (r) => formatInZone(r.created_at, 'UTC') },
  actorEmail: { value: (r) => r.actor_email ?? 'System' },
  action: { value: (r) => AUDIT_ACTION_LABELS[r.action as AuditAction] ?? r.action },
  outcome: { value: (r) => r.outcome },
  targetType: { value: (r) => r.target_type ?? '' },
  targetId: { value: (r) => r.target_id ?? '' },
  ip: { value: (r) => r.ip ?? '' },
  detail: { value: (r) => JSON.stringify(auditDetail(r)) },
};

/** The audit log (Settings → Team → Audit log), with its filters; newest first like the list. */
export const auditLogExport: ExportTypeDef<Row> = {
  type: 'AUDIT_LOG',
  fileLabel: 'audit_log',
  menu: '/settings/team',
  permission: 'PAGE_AUDIT_LOG',
  filtersSchema,
  columns: AUDIT_EXPORT_COLUMNS.map(({ key, label, kind, default: isDefault }) => ({
    key,
    label,
    kind,
    default: isDefault,
    ...CELLS[key],
  })),
  count: (db, merchantId, params) => countRows(db, FROM, where(merchantId, params)),
  batches: (db, merchantId, params, batchSize) =>
    keysetBatches(
      db,
      SHAPE,
      {
        columns: AUDIT_COLUMNS,
        from: FROM,
        where: where(merchantId, params),
        createdAt: sql`g.created_at`,
        id: sql`g.id`,
      },
      batchSize,
    ),
};
