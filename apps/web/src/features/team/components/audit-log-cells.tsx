import { Link } from 'react-router';
import { Typography, type TableColumnsType } from 'antd';
import type { AuditListColumnKey } from '@mbo/contracts/lists/audit-log-list';
import { AUDIT_OUTCOME_LABELS } from '@mbo/contracts/code-labels';
import type { AuditOutcome, AuditRecord } from '@mbo/contracts/team';
import type { ListTableProps } from '@/components/list/list-table';
import StatusTag, { type StatusTone } from '@/components/list/status-tag';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { ZoneSubLabel } from '@/components/list/zone-title';
import { useGlobalState } from '@/lib/global-state';
import { auditActionLabel, auditRecordHref, auditRecordLabel, auditRecordText } from '../utils/audit-records';
import './audit-log.css';

export const AUDIT_OUTCOME_LABEL: Readonly<Record<AuditOutcome, string>> = AUDIT_OUTCOME_LABELS;
export const AUDIT_OUTCOME_TONE: Record<AuditOutcome, StatusTone> = { SUCCESS: 'success', FAILURE: 'error' };

const dash = <Typography.Text type="secondary">—</Typography.Text>;
const stop = (e: React.MouseEvent) => e.stopPropagation();

/** "2026-11-26 05:40:03 UTC". */
export function utcText(iso: string): string {
  return `${formatDateTime(iso, 'UTC')} UTC`;
}

export function AuditOutcomeTag({ outcome }: { outcome: AuditOutcome }) {
  return (
    <StatusTag tone={AUDIT_OUTCOME_TONE[outcome] ?? 'default'}>{AUDIT_OUTCOME_LABEL[outcome] ?? outcome}</StatusTag>
  );
}

/** Who did it: the actor's email, or "System" for the server's own events. */
export function AuditActor({ email }: { email: string | null }) {
  return email ? (
    <span className="mbo-audit-ellipsis" title={email}>
      {email}
    </span>
  ) : (
    <Typography.Text type="secondary">System</Typography.Text>
  );
}

/**
 * The record an event names: its type, and its id (or a user's email), linked to its page when the user may open it.
 */
export function AuditRecordRef({ record, inline = false }: { record: AuditRecord; inline?: boolean }) {
  const { authUrls } = useGlobalState();
  if (!record.targetType && !record.targetId) return dash;
  const text = auditRecordText(record);
  const href = auditRecordHref(record, authUrls);
  const id = text ? (
    href ? (
      <Link to={href} className="mbo-list-mono" onClick={stop} title={text}>
        {text}
      </Link>
    ) : (
      <span className="mbo-list-mono" title={text}>
        {text}
      </span>
    )
  ) : null;
  const type = record.targetType ? auditRecordLabel(record.targetType) : null;
  if (inline) {
    return (
      <span>
        {type}
        {type && id ? ' · ' : null}
        {id}
      </span>
    );
  }
  return (
    <span className="mbo-audit-record">
      {type ? <span>{type}</span> : null}
      {id ? <span className="mbo-audit-ellipsis">{id}</span> : null}
    </span>
  );
}

/** When: the time in the merchant's zone (a button that opens the event), the UTC time under it. */
function WhenCell({
  record,
  tz,
  onOpen,
}: {
  record: AuditRecord;
  tz: string | undefined;
  onOpen: (r: AuditRecord) => void;
}) {
  const local = formatDateTime(record.at, tz);
  return (
    <span>
      <button
        type="button"
        className="mbo-audit-when"
        aria-label={`${local}, show details`}
        onClick={(e) => {
          e.stopPropagation();
          onOpen(record);
        }}
      >
        {local}
      </button>
      <span className="mbo-list-sub">{utcText(record.at)}</span>
    </span>
  );
}

type AuditTableParts = Pick<ListTableProps<AuditRecord>, 'cells' | 'titles' | 'narrowColumns' | 'onRowClick'>;

/** How the audit log shows each column of AUDIT_LOG_LIST, its phone layout; a row opens its event. */
export function useAuditLogTable(onOpen: (record: AuditRecord) => void): AuditTableParts {
  const tz = useGlobalState().user?.timeZone;
  const cells: Record<AuditListColumnKey, (r: AuditRecord) => React.ReactNode> = {
    at: (r) => <WhenCell record={r} tz={tz} onOpen={onOpen} />,
    actor: (r) => <AuditActor email={r.actorEmail} />,
    action: (r) => (
      <span className="mbo-audit-ellipsis" title={r.action}>
        {auditActionLabel(r.action)}
      </span>
    ),
    target: (r) => <AuditRecordRef record={r} />,
    outcome: (r) => <AuditOutcomeTag outcome={r.outcome} />,
    ip: (r) => (r.ip ? <span className="mbo-list-nowrap">{r.ip}</span> : dash),
  };
  const zone = <ZoneSubLabel timeZone={tz} />;
  // Phones: one card per event (what and its outcome, who, the record, when).
  const narrowColumns: TableColumnsType<AuditRecord> = [
    {
      key: 'event',
      title: `Events · ${timeZoneLabel(tz)}`,
      render: (_, r) => (
        <div className="mbo-audit-card">
          <div className="mbo-audit-card__top">
            <strong>{auditActionLabel(r.action)}</strong>
            <AuditOutcomeTag outcome={r.outcome} />
          </div>
          <AuditActor email={r.actorEmail} />
          <span className="mbo-list-sub">
            <AuditRecordRef record={r} inline />
          </span>
          <WhenCell record={r} tz={tz} onOpen={onOpen} />
        </div>
      ),
    },
  ];
  return { cells, titles: { at: <span>When{zone}</span> }, narrowColumns, onRowClick: onOpen };
}
