import { useHref, useNavigate } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Space, Tooltip } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { PAYMENT_SORTS, type PaymentSort, type PaymentStatus } from '@mbo/contracts/payments';
import ColumnChooser from '@/components/list/column-chooser';
import PageHeader from '@/components/page-header';
import { useColumnVisibility } from '@/lib/use-column-visibility';
import { countFilters, useUrlFilters } from '@/lib/use-url-filters';
import { useGlobalState } from '@/lib/global-state';
import { listPaymentsQueryOptions } from '../api/list-payments';
import { paymentStatusCountQueryOptions } from '../api/count-payment-statuses';
import PaymentFiltersBar from '../components/payment-filters-bar';
import PaymentStatusTiles from '../components/payment-status-tiles';
import PaymentsTable, { PAYMENT_COLUMNS, PAYMENT_COLUMNS_HIDDEN_BY_DEFAULT } from '../components/payments-table';
import {
  exportHref,
  PAYMENT_FILTER_SPEC,
  PAYMENT_SORT_DEFAULT,
  statusesOf,
  toListPaymentsRequest,
  toPaymentFilters,
  withoutStatus,
} from '../utils/payment-filters';
import '../components/payments.css';

const COLUMN_KEYS = PAYMENT_COLUMNS.map((c) => c.key);
const REPORTS_URL = '/transactions/reports';

/** /transactions/payments: status tiles, URL-held filters, server-paged and sorted list. */
export default function PaymentsPage() {
  const { user, authUrls } = useGlobalState();
  const tz = user?.timeZone;
  const url = useUrlFilters<typeof PAYMENT_FILTER_SPEC, PaymentSort>(PAYMENT_FILTER_SPEC, {
    sorts: PAYMENT_SORTS,
    defaultSort: PAYMENT_SORT_DEFAULT,
  });
  const { filters } = url;
  const columns = useColumnVisibility('mbo.columns.payments', COLUMN_KEYS, PAYMENT_COLUMNS_HIDDEN_BY_DEFAULT);

  const list = useQuery({
    ...listPaymentsQueryOptions(toListPaymentsRequest(filters, { pageNum: url.pageNum, pageSize: url.pageSize, sort: url.sort }, tz)),
    placeholderData: keepPreviousData,
  });
  const counts = useQuery({
    ...paymentStatusCountQueryOptions(toPaymentFilters(withoutStatus(filters), tz)),
    placeholderData: keepPreviousData,
  });

  const statuses = statusesOf(filters);
  const activeTile: PaymentStatus | 'ALL' | null = statuses.length === 0 ? 'ALL' : statuses.length === 1 ? statuses[0] : null;
  const filtered = countFilters(filters) > 0;
  const navigate = useNavigate();
  const exportLink = useHref(exportHref(filters));

  return (
    <>
      <PageHeader
        eyebrow="Transactions"
        title="Payments"
        subtitle="Every payment made to your business, with its status, method and customer."
        extra={
          <Space wrap>
            <ColumnChooser columns={PAYMENT_COLUMNS} visibility={columns} />
            {authUrls.includes(REPORTS_URL) ? (
              <Button
                icon={<ExportOutlined />}
                href={exportLink}
                onClick={(e) => {
                  e.preventDefault();
                  void navigate(exportHref(filters));
                }}
              >
                Export
              </Button>
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
      <PaymentStatusTiles
        counts={counts.data}
        loading={counts.isFetching}
        active={activeTile}
        onSelect={(s) => url.setFilters({ status: s === 'ALL' ? undefined : [s] })}
      />
      <section className="mbo-list-card" aria-label="Payments">
        <PaymentFiltersBar filters={filters} onChange={url.setFilters} onClear={url.clearFilters} />
        {list.isError && !list.data ? (
          <Alert
            type="error"
            showIcon
            title="The payments could not be loaded."
            action={<Button onClick={() => void list.refetch()}>Try again</Button>}
          />
        ) : (
          <PaymentsTable
            records={list.data?.records}
            total={list.data?.total ?? 0}
            loading={list.isFetching}
            visibleColumns={columns.visible}
            pageNum={url.pageNum}
            pageSize={url.pageSize}
            sort={url.sort}
            filtered={filtered}
            onPage={url.setPage}
            onSort={url.setSort}
            onClearFilters={url.clearFilters}
          />
        )}
      </section>
    </>
  );
}
