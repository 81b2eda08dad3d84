import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button, Space, Tooltip, Typography, type MenuProps } from 'antd';
import { DownOutlined, ExportOutlined } from '@ant-design/icons';
import { useTranslation } from '@/i18n/use-translation';
import { LIST_MENUS } from '@mbo/contracts/lists/list-definition';
import type { ExportFormat } from '@mbo/contracts/reports';
import type { ListUrlValues } from '@/components/list/list-request';
import MenuButton from '@/components/menu-button';
import { useGlobalState } from '@/lib/global-state';
import { browserTimeZone, isValidTimeZone } from '@/lib/zone-formatters';
import { createAuditLogExport } from '../api/audit-log-api';
import { auditExportRequest } from '../utils/audit-export';

const REPORTS = LIST_MENUS.exports;
function BlockedExport({ reason }: { reason: string }) {
  const { t } = useTranslation('team', { keyPrefix: 'export' });
  return (
    <>
      <Tooltip title={reason}>
        <span>
          <Button icon={<ExportOutlined aria-hidden />} disabled aria-describedby="audit-export-blocked">
            {t('button')}
          </Button>
        </span>
      </Tooltip>
      <span id="audit-export-blocked" className="mbo-list-sr-only">
        {reason}
      </span>
    </>
  );
}

/**
 * "Export": queues the audit log with the tab's filters in the report centre (type AUDIT_LOG, which
 * its own form does not offer), as CSV or XLSX, times in the merchant's zone. Disabled, with the
 * reason, for a role that cannot export or a date range longer than an export may cover.
 */
export function AuditExportButton({ filters }: { filters: ListUrlValues }) {
  const { t } = useTranslation('team', { keyPrefix: 'export' });
  const { user, authUrls, hasPermission } = useGlobalState();
  const merchantZone = user?.timeZone;
  const zone = isValidTimeZone(merchantZone) ? merchantZone : browserTimeZone();
  const create = useMutation({ mutationFn: createAuditLogExport });
  if (!hasPermission('API_REPORT_EXPORT')) return <BlockedExport reason={t('noPermission')} />;
  const check = auditExportRequest(filters, merchantZone, zone, 'CSV');
  if (check.problem !== undefined) return <BlockedExport reason={t(check.problem)} />;
  const formats: MenuProps['items'] = [
    { key: 'CSV', label: t('csv') },
    { key: 'XLSX', label: t('xlsx') },
  ];

  const start: MenuProps['onClick'] = ({ key }) => {
    const planned = auditExportRequest(filters, merchantZone, zone, key as ExportFormat);
    if (planned.problem === undefined) create.mutate(planned.request);
  };
  return (
    <Space size={8} wrap>
      {create.isSuccess ? (
        <Typography.Text type="secondary" role="status">
          {t('queued')} {authUrls.includes(REPORTS) ? <Link to={REPORTS}>{t('openReports')}</Link> : null}
        </Typography.Text>
      ) : null}
      <MenuButton menu={{ items: formats, onClick: start }} disabled={create.isPending}>
        <Button icon={<ExportOutlined aria-hidden />} loading={create.isPending}>
          <Space size={6}>
            {t('button')}
            <DownOutlined aria-hidden />
          </Space>
        </Button>
      </MenuButton>
    </Space>
  );
}
