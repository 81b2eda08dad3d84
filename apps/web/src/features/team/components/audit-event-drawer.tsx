import { Drawer, Typography } from 'antd';
import type { AuditRecord } from '@mbo/contracts/team';
import { DetailFacts } from '@/components/detail/detail-cards';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import { auditActionLabel, auditDetailEntries } from '../utils/audit-records';
import { AuditActor, AuditOutcomeTag, AuditRecordRef, utcText } from './audit-log-cells';

/**
 * One event of the audit log: who did what to which record, when and from where, and its detail as label/value rows.
 */
export function AuditEventDrawer({ record, onClose }: { record: AuditRecord | null; onClose: () => void }) {
  const tz = useGlobalState().user?.timeZone;
  const detail = record ? auditDetailEntries(record.detail) : [];
  return (
    <Drawer
      open={record !== null}
      onClose={onClose}
      title={record ? auditActionLabel(record.action) : 'Event'}
      size={480}
      destroyOnHidden
    >
      {record ? (
        <>
          <DetailFacts
            facts={[
              [
                'When',
                <span key="when" className="mbo-list-nowrap">
                  {formatDateTime(record.at, tz)}
                </span>,
              ],
              ['Time zone', timeZoneLabel(tz)],
              [
                'In UTC',
                <span key="utc" className="mbo-list-nowrap">
                  {utcText(record.at)}
                </span>,
              ],
              ['Who', <AuditActor key="who" email={record.actorEmail} />],
              ['Action', auditActionLabel(record.action)],
              ['Outcome', <AuditOutcomeTag key="outcome" outcome={record.outcome} />],
              ['Record', <AuditRecordRef key="record" record={record} inline />],
              ['IP address', record.ip],
              [
                'Event ID',
                <span key="id" className="mbo-list-mono">
                  {record.id}
                </span>,
              ],
            ]}
          />
          <Typography.Title level={2} style={{ fontSize: 15, margin: '24px 0 12px' }}>
            Details
          </Typography.Title>
          {detail.length ? (
            <DetailFacts facts={detail} />
          ) : (
            <Typography.Text type="secondary">No further details were recorded.</Typography.Text>
          )}
        </>
      ) : null}
    </Drawer>
  );
}
