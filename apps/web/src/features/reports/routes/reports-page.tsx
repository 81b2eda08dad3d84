import { useQuery } from '@tanstack/react-query';
import { Empty, Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { EXPORTS_LIST } from '@mbo/contracts/lists/exports-list';
import type { ExportRecord } from '@mbo/contracts/reports';
import ListTable from '@/components/list/list-table';
import { useListState } from '@/components/list/use-list-state';
import PageHeader from '@/components/page-header';
import { useGlobalState } from '@/lib/global-state';
import { hasUnfinished, listExportsQueryOptions } from '../api/list-exports';
import { exportsTable } from '../components/exports-table';
import NewExportForm from '../components/new-export-form';
import SchedulesTab from '../components/schedules-tab';
import SharedExportCard from '../components/shared-export-card';
import '../components/reports.css';

const EMPTY_TEXT =
  'An export turns a list (payments or refunds, with its filters) into a CSV or XLSX file. ' +
  'It is built in the background; its progress shows here and the file stays ready to download.';

export type ReportsTab = 'exports' | 'schedules';

/** The tab the URL asks for (`?tab=schedules`); Exports otherwise. */
export function reportsTabOf(raw: string | null): ReportsTab {
  return raw === 'schedules' ? 'schedules' : 'exports';
}

/** New export and the user's exports (EXPORTS_LIST by the list kit); a report a schedule mailed, on top. */
function ExportsTab({ sharedExportId }: { sharedExportId: string | null }) {
  const { user } = useGlobalState();
  const list = useListState(EXPORTS_LIST);
  const page = useQuery(listExportsQueryOptions(list.pageNum, list.pageSize));
  const running = hasUnfinished(page.data);
  return (
    <>
      {sharedExportId ? <SharedExportCard exportId={sharedExportId} /> : null}
      <section className="mbo-export-card" aria-labelledby="mbo-new-export">
        <Typography.Title level={2} id="mbo-new-export" className="mbo-export-card__title">
          New export
        </Typography.Title>
        <NewExportForm />
      </section>
      <section className="mbo-export-card" aria-labelledby="mbo-your-exports">
        <div className="mbo-export-card__head">
          <Typography.Title level={2} id="mbo-your-exports" className="mbo-export-card__title">
            Your exports
          </Typography.Title>
          {running ? (
            <Typography.Text type="secondary" aria-live="polite">
              Updating every second while an export runs…
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
              description={<span className="mbo-export-empty">No exports yet. {EMPTY_TEXT}</span>}
            />
          }
          {...exportsTable(user?.timeZone)}
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
  const [search, setSearch] = useSearchParams();
  const tab = reportsTabOf(search.get('tab'));
  return (
    <>
      <PageHeader
        eyebrow="Transactions"
        title="Reports"
        subtitle="Export payments and refunds to CSV or Excel, or schedule a report to be emailed to your team."
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch(key === 'exports' ? {} : { tab: key })}
        destroyOnHidden
        items={[
          { key: 'exports', label: 'Exports', children: <ExportsTab sharedExportId={search.get('exportId')} /> },
          { key: 'schedules', label: 'Schedules', children: <SchedulesTab /> },
        ]}
      />
    </>
  );
}
