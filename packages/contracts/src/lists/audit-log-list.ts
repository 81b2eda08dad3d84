/** The audit log (Settings → Team → Audit log): its one definition, for the page, the query and the export. */
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_OUTCOMES, AUDIT_SORTS } from '../team';
import type { ExportColumnSpec, ListDefinition } from './list-definition';

export const AUDIT_LIST_COLUMN_KEYS = ['at', 'actor', 'action', 'target', 'outcome', 'ip'] as const;
export type AuditListColumnKey = (typeof AUDIT_LIST_COLUMN_KEYS)[number];

/** The columns an audit log export can write, in order. */
export const AUDIT_EXPORT_COLUMNS = [
  { key: 'at', label: 'When', kind: 'datetime', default: true },
  { key: 'atUtc', label: 'When (UTC)', kind: 'text', default: true },
  { key: 'actorEmail', label: 'Who', kind: 'text', default: true },
  { key: 'action', label: 'Action', kind: 'text', default: true },
  { key: 'outcome', label: 'Outcome', kind: 'text', default: true },
  { key: 'targetType', label: 'Record type', kind: 'text', default: true },
  { key: 'targetId', label: 'Record ID', kind: 'text', default: true },
  { key: 'ip', label: 'IP address', kind: 'text', default: true },
  { key: 'detail', label: 'Detail', kind: 'text', default: false },
] as const satisfies readonly ExportColumnSpec[];

export const AUDIT_LOG_LIST = {
  key: 'audit-log',
  noun: { one: 'event', many: 'events' },
  rowKey: 'id',
  columns: [
    { key: 'at', label: 'When', format: 'datetime', sortField: 'at', defaultVisible: true, required: true, width: 200 },
    { key: 'actor', label: 'Who', format: 'text', defaultVisible: true, width: 220 },
    { key: 'action', label: 'Action', format: 'text', defaultVisible: true, width: 220 },
    { key: 'target', label: 'Record', format: 'text', defaultVisible: true, width: 220 },
    { key: 'outcome', label: 'Outcome', format: 'status', defaultVisible: true, width: 110 },
    { key: 'ip', label: 'IP address', format: 'text', defaultVisible: true, width: 130 },
  ],
  filters: [
    { type: 'search', urlKey: 'q', label: 'Search the audit log', placeholder: 'Who (email) or record ID' },
    { type: 'dateRange', fromKey: 'from', toKey: 'to', label: 'When' },
    {
      type: 'statusSet',
      urlKey: 'action',
      label: 'Action',
      statuses: AUDIT_ACTIONS,
      apiKey: 'action',
      labels: AUDIT_ACTION_LABELS,
    },
    {
      type: 'statusSet',
      urlKey: 'outcome',
      label: 'Outcome',
      statuses: AUDIT_OUTCOMES,
      apiKey: 'outcome',
    },
  ],
  sorts: AUDIT_SORTS,
  defaultSort: 'at:desc',
  exportType: 'AUDIT_LOG',
  exportColumns: AUDIT_EXPORT_COLUMNS,
} as const satisfies ListDefinition<AuditListColumnKey, (typeof AUDIT_SORTS)[number]>;
