import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import { AUDIT_LOG_LIST } from '@mbo/contracts/lists/audit-log-list';
import type { AuditLogListRequest, AuditRecord } from '@mbo/contracts/team';
import ListPage from '@/components/list/list-page';
import { toApiFilters, type ListQuery } from '@/components/list/list-request';
import { useListState } from '@/components/list/use-list-state';
import { timeZoneLabel } from '@/lib/format-time';
import { useLabel } from '@/i18n/use-label';
import { useGlobalState } from '@/lib/global-state';
import { auditLogQueryOptions } from '../api/audit-log-api';
import { AuditEventDrawer } from './audit-event-drawer';
import { AuditExportButton } from './audit-export-button';
import { auditFilterLabels } from '../utils/audit-records';
import { useAuditLogTable } from './audit-log-cells';
import '@/components/list/list.css';
import './audit-log.css';

/** The list call of the tab's filters, page and sort (dates: days in the merchant's zone). */
export function auditLogRequest(
  list: ListQuery<typeof AUDIT_LOG_LIST>,
  tz: string | null | undefined,
): AuditLogListRequest {
  return {
    ...toApiFilters(AUDIT_LOG_LIST, list.filters, tz),
    pageNum: list.pageNum,
    pageSize: list.pageSize,
    sort: list.sort,
  } as AuditLogListRequest;
}

/**
 * Settings → Team → Audit log: AUDIT_LOG_LIST rendered by the list kit (in a tab: ListPage's
 * embedded header), with its own export button (the report centre's form does not offer the audit
 * log); a row opens its event in a drawer. Filters, page and sort live in the URL like every list's.
 */
export function AuditLogTab() {
  const { t } = useTranslation('team', { keyPrefix: 'audit' });
  const label = useLabel();
  const tz = useGlobalState().user?.timeZone;
  const list = useListState(AUDIT_LOG_LIST);
  const page = useQuery({ ...auditLogQueryOptions(auditLogRequest(list, tz)), placeholderData: keepPreviousData });
  const [open, setOpen] = useState<AuditRecord | null>(null);
  const table = useAuditLogTable(setOpen);
  return (
    <div className="mbo-audit">
      <ListPage<AuditRecord>
        list={list}
        header={{
          embedded: true,
          title: t('title'),
          intro: <Typography.Text type="secondary">{t('intro', { zone: timeZoneLabel(tz) })}</Typography.Text>,
        }}
        query={page}
        statusLabels={auditFilterLabels(label)}
        exportControl={<AuditExportButton filters={list.filters} />}
        {...table}
      >
        <AuditEventDrawer record={open} onClose={() => setOpen(null)} />
      </ListPage>
    </div>
  );
}
