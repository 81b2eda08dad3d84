import { Link } from 'react-router';
import { Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/i18n/use-translation';
import type { AuditListColumnKey } from '@mbo/contracts/lists/audit-log-list';
import type { AuditOutcome, AuditRecord } from '@mbo/contracts/team';
import { useLabel } from '@/i18n/use-label';
import type { ListTableProps } from '@/components/list/list-table';
import StatusTag, { type StatusTone } from '@/components/list/status-tag';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { TimeColumnTitle } from '@/components/list/zone-title';
import { useGlobalState } from '@/lib/global-state';
import { auditActionLabel, auditRecordHref, auditRecordLabel, auditRecordText } from '../utils/audit-records';
import './audit-log.css';

export const AUDIT_OUTCOME_TONE: Record<AuditOutcome, StatusTone> = { SUCCESS: 'success', FAILURE: 'error' };

const dash = <Typography.Text type="secondary">—</Typography.Text>;
const stop = (e: React.MouseEvent) => e.stopPropagation();

/** "2026-11-26 05:40:03 UTC". */
export function utcText(t: TFunction, iso: string): string {
  return t('audit.utc', { ns: 'team', time: formatDateTime(iso, 'UTC') });
}

export function AuditOutcomeTag({ outcome }: { outcome: AuditOutcome }) {
  const label = useLabel();
  return <StatusTag tone={AUDIT_OUTCOME_TONE[outcome] ?? 'default'}>{label('AUDIT_OUTCOMES', outcome)}</StatusTag>;
}

/** Who did it: the actor's email, or "System" for the server's own events. */
export function AuditActor({ email }: { email: string | null }) {
  const { t } = useTranslation('team', { keyPrefix: 'audit' });
  return email ? (
    <span className="mbo-audit-ellipsis" title={email}>
      {email}
    </span>
  ) : (
    <Typography.Text type="secondary">{t('system')}</Typography.Text>
  );
}

/**
 * The record an event names: its type, and its id (or a user's email), linked to its page when the user may open it.
 */
export function AuditRecordRef({ record, inline = false }: { record: AuditRecord; inline?: boolean }) {
  const { t } = useTranslation('team');
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
  const type = record.targetType ? auditRecordLabel(t, record.targetType) : null;
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
  const { t } = useTranslation('team');
  const local = formatDateTime(record.at, tz);
  return (
    <span>
      <button
        type="button"
        className="mbo-audit-when"
        aria-label={t('audit.showDetails', { time: local })}
        onClick={(e) => {
          e.stopPropagation();
          onOpen(record);
        }}
      >
        {local}
      </button>
      <span className="mbo-list-sub">{utcText(t, record.at)}</span>
    </span>
  );
}

type AuditTableParts = Pick<ListTableProps<AuditRecord>, 'cells' | 'titles' | 'narrowColumns' | 'onRowClick'>;

/** How the audit log shows each column of AUDIT_LOG_LIST, its phone layout; a row opens its event. */
export function useAuditLogTable(onOpen: (record: AuditRecord) => void): AuditTableParts {
  const { t } = useTranslation('team', { keyPrefix: 'audit' });
  const label = useLabel();
  const tz = useGlobalState().user?.timeZone;
  const cells: Record<AuditListColumnKey, (r: AuditRecord) => React.ReactNode> = {
    at: (r) => <WhenCell record={r} tz={tz} onOpen={onOpen} />,
    actor: (r) => <AuditActor email={r.actorEmail} />,
    action: (r) => (
      <span className="mbo-audit-ellipsis" title={r.action}>
        {auditActionLabel(label, r.action)}
      </span>
    ),
    target: (r) => <AuditRecordRef record={r} />,
    outcome: (r) => <AuditOutcomeTag outcome={r.outcome} />,
    ip: (r) => (r.ip ? <span className="mbo-list-nowrap">{r.ip}</span> : dash),
  };
  // Phones: one card per event (what and its outcome, who, the record, when).
  const narrowColumns: TableColumnsType<AuditRecord> = [
    {
      key: 'event',
      title: t('narrowTitle', { zone: timeZoneLabel(tz) }),
      render: (_, r) => (
        <div className="mbo-audit-card">
          <div className="mbo-audit-card__top">
            <strong>{auditActionLabel(label, r.action)}</strong>
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
  return {
    cells,
    titles: {
      at: <TimeColumnTitle title={t('when')} timeZone={tz} />,
    },
    narrowColumns,
    onRowClick: onOpen,
  };
}
