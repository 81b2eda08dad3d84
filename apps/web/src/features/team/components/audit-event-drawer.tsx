import { Drawer, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import type { AuditRecord } from '@mbo/contracts/team';
import { useLabel } from '@/i18n/use-label';
import { DetailFacts } from '@/components/detail/detail-cards';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import { auditActionLabel, auditDetailEntries } from '../utils/audit-records';
import { AuditActor, AuditOutcomeTag, AuditRecordRef, utcText } from './audit-log-cells';

/**
 * One event of the audit log: who did what to which record, when and from where, and its detail as label/value rows.
 */
export function AuditEventDrawer({ record, onClose }: { record: AuditRecord | null; onClose: () => void }) {
  const { t } = useTranslation('team', { keyPrefix: 'drawer' });
  const { t: tTeam } = useTranslation('team');
  const label = useLabel();
  const tz = useGlobalState().user?.timeZone;
  const detail = record ? auditDetailEntries(tTeam, record.detail) : [];
  return (
    <Drawer
      open={record !== null}
      onClose={onClose}
      title={record ? auditActionLabel(label, record.action) : t('event')}
      size={480}
      destroyOnHidden
    >
      {record ? (
        <>
          <DetailFacts
            facts={[
              [
                t('when'),
                <span key="when" className="mbo-list-nowrap">
                  {formatDateTime(record.at, tz)}
                </span>,
              ],
              [t('timeZone'), timeZoneLabel(tz)],
              [
                t('inUtc'),
                <span key="utc" className="mbo-list-nowrap">
                  {utcText(tTeam, record.at)}
                </span>,
              ],
              [t('who'), <AuditActor key="who" email={record.actorEmail} />],
              [t('action'), auditActionLabel(label, record.action)],
              [t('outcome'), <AuditOutcomeTag key="outcome" outcome={record.outcome} />],
              [t('record'), <AuditRecordRef key="record" record={record} inline />],
              [t('ip'), record.ip],
              [
                t('eventId'),
                <span key="id" className="mbo-list-mono">
                  {record.id}
                </span>,
              ],
            ]}
          />
          <Typography.Title level={2} style={{ fontSize: 15, margin: '24px 0 12px' }}>
            {t('details')}
          </Typography.Title>
          {detail.length ? (
            <DetailFacts facts={detail} />
          ) : (
            <Typography.Text type="secondary">{t('noDetails')}</Typography.Text>
          )}
        </>
      ) : null}
    </Drawer>
  );
}
