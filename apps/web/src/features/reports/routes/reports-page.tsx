import { useQuery } from '@tanstack/react-query';
import { Empty, Tabs, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { EXPORTS_LIST } from '@mbo/contracts/lists/exports-list';
import type { ExportRecord } from '@mbo/contracts/reports';
import ListTable from '@/components/list/list-table';
import { useListState } from '@/components/list/use-list-state';
import PageHeader from '@/components/page-header';
import { useLabel } from '@/i18n/use-label';
import { useGlobalState } from '@/lib/global-state';
import { hasUnfinished, listExportsQueryOptions } from '../api/list-exports';
import { exportsTable } from '../components/exports-table';
import NewExportForm from '../components/new-export-form';
import SchedulesTab from '../components/schedules-tab';
import SharedExportCard from '../components/shared-export-card';
import '../components/reports.css';

export type ReportsTab = 'exports' | 'schedules';

/** The tab the URL asks for (`?tab=schedules`); Exports otherwise. */
export function reportsTabOf(raw: string | null): ReportsTab {
  return raw === 'schedules' ? 'schedules' : 'exports';
}

/** New export and the user's exports (EXPORTS_LIST by the list kit); a report a schedule mailed, on top. */
function ExportsTab({ sharedExportId }: { sharedExportId: string | null }) {
  const { t } = useTranslation('reports', { keyPrefix: 'exports' });
  const { t: tReports } = useTranslation('reports');
  const label = useLabel();
  const { user } = useGlobalState();
  const list = useListState(EXPORTS_LIST);
  const page = useQuery(listExportsQueryOptions(list.pageNum, list.pageSize));
  const running = hasUnfinished(page.data);
  return (
    <>
      {sharedExportId ? <SharedExportCard exportId={sharedExportId} /> : null}
      <section className="mbo-export-card" aria-labelledby="mbo-new-export">
        <Typography.Title level={2} id="mbo-new-export" className="mbo-export-card__title">
          {t('newExport')}
        </Typography.Title>
        <NewExportForm />
      </section>
      <section className="mbo-export-card" aria-labelledby="mbo-your-exports">
        <div className="mbo-export-card__head">
          <Typography.Title level={2} id="mbo-your-exports" className="mbo-export-card__title">
            {t('yourExports')}
          </Typography.Title>
          {running ? (
            <Typography.Text type="secondary" aria-live="polite">
              {t('updating')}
            </Typography.Text>
          ) : null}
        </div>
        <ListTable<ExportRecord>
          list={list}
          // The poll while an export runs refreshes the rows in place, without the table's spinner.
          query={{
            data: page.data,
            isFetching: page.isFetching && !running,
            isError: page.isError,
            refetch: page.refetch,
          }}
          scrollX="max-content"
          pageSizes={[10, 20, 50, 100]}
          empty={
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={<span className="mbo-export-empty">{t('empty')}</span>}
            />
          }
          {...exportsTable(user?.timeZone, tReports, label)}
        />
      </section>
    </>
  );
}

/**
 * /transactions/reports: the report centre — Exports (create an export, follow its progress, download it; a report
 * a schedule mailed opens here with `?exportId=`) and Schedules (`?tab=schedules`: reports made again every day, week
 * or month and mailed to the team). Only the active tab is mounted; switching drops the other's URL state.
 */
export default function ReportsPage() {
  const { t } = useTranslation('reports', { keyPrefix: 'page' });
  const [search, setSearch] = useSearchParams();
  const tab = reportsTabOf(search.get('tab'));
  return (
    <>
      <PageHeader eyebrow={t('eyebrow')} title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch(key === 'exports' ? {} : { tab: key })}
        destroyOnHidden
        items={[
          { key: 'exports', label: t('exportsTab'), children: <ExportsTab sharedExportId={search.get('exportId')} /> },
          { key: 'schedules', label: t('schedulesTab'), children: <SchedulesTab /> },
        ]}
      />
    </>
  );
}
