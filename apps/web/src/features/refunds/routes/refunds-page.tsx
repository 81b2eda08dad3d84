import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Space, Tooltip } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import ColumnChooser from '@/components/list/column-chooser';
import PageHeader from '@/components/page-header';
import { useColumnVisibility } from '@/lib/use-column-visibility';
import { countFilters, useUrlFilters } from '@/lib/use-url-filters';
import { useGlobalState } from '@/lib/global-state';
import { listRefundsQueryOptions } from '../api/list-refunds';
import RefundFiltersBar from '../components/refund-filters-bar';
import RefundsTable, { REFUND_COLUMNS, REFUND_COLUMNS_HIDDEN_BY_DEFAULT } from '../components/refunds-table';
import { REFUND_FILTER_SPEC, refundsExportHref, toListRefundsRequest } from '../utils/refund-filters';
import '../components/refunds.css';

const COLUMN_KEYS = REFUND_COLUMNS.map((c) => c.key);
const REPORTS_URL = '/transactions/reports';

/** /transactions/refunds: URL-held filters, server-paged list (newest first), column chooser, export. */
export default function RefundsPage() {
  const { user, authUrls } = useGlobalState();
  const tz = user?.timeZone;
  const url = useUrlFilters(REFUND_FILTER_SPEC);
  const { filters } = url;
  const columns = useColumnVisibility('mbo.columns.refunds', COLUMN_KEYS, REFUND_COLUMNS_HIDDEN_BY_DEFAULT);
  const list = useQuery({
    ...listRefundsQueryOptions(toListRefundsRequest(filters, { pageNum: url.pageNum, pageSize: url.pageSize }, tz)),
    placeholderData: keepPreviousData,
  });
  const canExport = authUrls.includes(REPORTS_URL);

  return (
    <>
      <PageHeader
        eyebrow="Transactions"
        title="Refunds"
        subtitle="Money returned to your customers, with its status and the payment it belongs to."
        extra={
          <Space wrap>
            <ColumnChooser columns={REFUND_COLUMNS} visibility={columns} />
            {canExport ? (
              <Link to={refundsExportHref(filters)}>
                <Button icon={<ExportOutlined />}>Export</Button>
              </Link>
            ) : (
              <Tooltip title="Your role cannot open the report centre.">
                <Button icon={<ExportOutlined />} disabled>
                  Export
                </Button>
              </Tooltip>
            )}
          </Space>
        }
      />
      <section className="mbo-refunds-card" aria-label="Refunds">
        <RefundFiltersBar filters={filters} onChange={url.setFilters} onClear={url.clearFilters} />
        {list.isError && !list.data ? (
          <Alert
            type="error"
            showIcon
            title="The refunds could not be loaded."
            action={<Button onClick={() => void list.refetch()}>Try again</Button>}
          />
        ) : (
          <RefundsTable
            records={list.data?.records}
            total={list.data?.total ?? 0}
            loading={list.isFetching}
            visibleColumns={columns.visible}
            pageNum={url.pageNum}
            pageSize={url.pageSize}
            filtered={countFilters(filters) > 0}
            onPage={url.setPage}
            onClearFilters={url.clearFilters}
          />
        )}
      </section>
    </>
  );
}
