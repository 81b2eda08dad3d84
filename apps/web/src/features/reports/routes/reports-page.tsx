import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Skeleton, Typography } from 'antd';
import PageHeader from '@/components/page-header';
import { useGlobalState } from '@/lib/global-state';
import { hasUnfinished, listExportsQueryOptions } from '../api/list-exports';
import ExportsTable from '../components/exports-table';
import NewExportForm from '../components/new-export-form';
import '../components/reports.css';

const EMPTY_TEXT =
  'An export turns a list (payments or refunds, with its filters) into a CSV or XLSX file. ' +
  'It is built in the background; its progress shows here and the file stays ready to download.';

/** /transactions/reports: the report centre — create an export, follow its progress, download it. */
export default function ReportsPage() {
  const { user } = useGlobalState();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const list = useQuery(listExportsQueryOptions(page.pageNum, page.pageSize));
  const running = hasUnfinished(list.data);

  return (
    <>
      <PageHeader
        eyebrow="Transactions"
        title="Reports"
        subtitle="Export payments and refunds to CSV or Excel. Exports run in the background, one at a time."
      />
      <section className="mbo-export-card" aria-labelledby="mbo-new-export">
        <Typography.Title level={2} id="mbo-new-export" className="mbo-export-card__title">New export</Typography.Title>
        <NewExportForm />
      </section>
      <section className="mbo-export-card" aria-labelledby="mbo-your-exports">
        <div className="mbo-export-card__head">
          <Typography.Title level={2} id="mbo-your-exports" className="mbo-export-card__title">Your exports</Typography.Title>
          {running ? <Typography.Text type="secondary" aria-live="polite">Updating every second while an export runs…</Typography.Text> : null}
        </div>
        {list.isError && !list.data ? (
          <Alert type="error" showIcon title="Your exports could not be loaded." action={<Button onClick={() => void list.refetch()}>Try again</Button>} />
        ) : list.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <ExportsTable
            records={list.data?.records}
            total={list.data?.total ?? 0}
            loading={list.isFetching}
            pageNum={page.pageNum}
            pageSize={page.pageSize}
            onPage={(pageNum, pageSize) => setPage({ pageNum: pageSize === page.pageSize ? pageNum : 1, pageSize })}
            timeZone={user?.timeZone}
            empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span className="mbo-export-empty">No exports yet. {EMPTY_TEXT}</span>} />}
          />
        )}
      </section>
    </>
  );
}
