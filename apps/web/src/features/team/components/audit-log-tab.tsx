import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Space, Typography } from 'antd';
import { AUDIT_LOG_LIST } from '@mbo/contracts/lists/audit-log-list';
import type { AuditLogListRequest, AuditRecord } from '@mbo/contracts/team';
import ColumnChooser from '@/components/list/column-chooser';
import ListFilterBar from '@/components/list/list-filter-bar';
import { toApiFilters, type ListQuery } from '@/components/list/list-request';
import ListTable from '@/components/list/list-table';
import SavedViewsMenu from '@/components/list/saved-views-menu';
import { useListState } from '@/components/list/use-list-state';
import { timeZoneLabel } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import { auditLogQueryOptions } from '../api/audit-log-api';
import { AuditEventDrawer } from './audit-event-drawer';
import { AuditExportButton } from './audit-export-button';
import { AUDIT_OUTCOME_LABEL, useAuditLogTable } from './audit-log-cells';
import '@/components/list/list.css';
import './audit-log.css';

/** The list call of the tab's filters, page and sort (dates: days in the merchant's zone). */
export function auditLogRequest(list: ListQuery<typeof AUDIT_LOG_LIST>, tz: string | null | undefined): AuditLogListRequest {
  return { ...toApiFilters(AUDIT_LOG_LIST, list.filters, tz), pageNum: list.pageNum, pageSize: list.pageSize, sort: list.sort } as AuditLogListRequest;
}

/**
 * Settings → Team → Audit log: AUDIT_LOG_LIST by the list kit's parts (inside a tab, so no page
 * header of its own): saved views, columns and the export above the filters and the table; a row
 * opens its event in a drawer. Filters, page and sort live in the URL like every list's.
 */
export function AuditLogTab() {
  const tz = useGlobalState().user?.timeZone;
  const list = useListState(AUDIT_LOG_LIST);
  const page = useQuery({ ...auditLogQueryOptions(auditLogRequest(list, tz)), placeholderData: keepPreviousData });
  const [open, setOpen] = useState<AuditRecord | null>(null);
  const table = useAuditLogTable(setOpen);
  return (
    <div className="mbo-audit">
      <div className="mbo-audit__head">
        <Typography.Text type="secondary" className="mbo-audit__intro">
          Sign-ins, team changes and money movements of the merchant. Times in {timeZoneLabel(tz)}, with UTC under each.
        </Typography.Text>
        <Space wrap>
          <SavedViewsMenu list={list} />
          <ColumnChooser columns={AUDIT_LOG_LIST.columns} visibility={list.columns} />
          <AuditExportButton filters={list.filters} />
        </Space>
      </div>
      <section className="mbo-list-card" aria-label="Audit log">
        <ListFilterBar
          filters={AUDIT_LOG_LIST.filters}
          values={list.filters}
          onChange={list.setFilters}
          statusLabels={AUDIT_OUTCOME_LABEL}
          active={list.activeFilters}
          onClear={list.clearFilters}
        />
        <ListTable<AuditRecord> list={list} query={page} {...table} />
      </section>
      <AuditEventDrawer record={open} onClose={() => setOpen(null)} />
    </div>
  );
}
