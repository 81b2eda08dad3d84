import { Alert, Button, Skeleton, Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import type { ListColumn } from '@mbo/contracts/lists/list-definition';
import { useGlobalState } from '@/lib/global-state';
import { PAGE_SIZES } from '@/lib/use-url-filters';
import ListEmpty from './list-empty';
import { formatListTotal } from './list-total';
import type { ListState } from './use-list-state';
import TableScrollFrame from './table-scroll-frame';
import './list.css';
import { columnsWidth, fittedWidth } from '@/lib/columns-width';
import { useTranslation } from '@/i18n/use-translation';
import { listWords } from './list-words';

/** How a page shows each column of its definition: a cell per record, and optionally its own title. */
export type ListCells<R> = Record<string, (record: R) => React.ReactNode>;

/**
 * The list call as the table reads it (a TanStack Query result fits): its page, whether a fetch is
 * under way (the previous page stays shown meanwhile), whether the last one failed, and a retry.
 */
export interface ListQuery<R> {
  /** `totalExact: false` when the server estimated the total (above its exact-count limit). */
  data?: { records: R[]; total: number; totalExact?: boolean };
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface ListTableProps<R> {
  list: ListState;
  query: ListQuery<R>;
  cells: ListCells<R>;
  /** Column titles other than the definition's label (e.g. "Created" with its zone). */
  titles?: Partial<Record<string, React.ReactNode>>;
  /** A column after the chosen ones, always shown (row actions). */
  trailing?: TableColumnsType<R>[number];
  /** Phones: these columns instead of the table (one summary cell per record). */
  narrowColumns?: TableColumnsType<R>;
  onRowClick?: (record: R) => void;
  /** The empty state, when the list's own ("No payments yet.") does not fit. */
  empty?: React.ReactNode;
  /** `max-content` for a table that sizes to its content; default: the sum of the column widths. */
  scrollX?: number | 'max-content';
  pageSizes?: readonly number[];
}

function sortState(col: ListColumn, sorts: readonly string[], current: string | undefined) {
  const asc = `${col.sortField}:asc`;
  const desc = `${col.sortField}:desc`;
  const directions = [
    ...(sorts.includes(desc) ? ['descend' as const] : []),
    ...(sorts.includes(asc) ? ['ascend' as const] : []),
  ];
  const order = current === asc ? ('ascend' as const) : current === desc ? ('descend' as const) : null;
  return { directions, order };
}

/**
 * A list's table from its definition: the user's chosen columns in the definition's order and widths,
 * server-side sort and paging, the total (exact or estimated), and the loading, empty and error states.
 */
export default function ListTable<R extends object>(props: ListTableProps<R>) {
  const { list, query, cells, titles = {}, trailing, narrowColumns } = props;
  const records = query.data?.records;
  const { def } = list;
  const narrow = useGlobalState().isMobile && narrowColumns !== undefined;
  // The list's own words (the `lists` namespace) load with the kit's before the list renders.
  const { t } = useTranslation(['kit', 'lists']);
  const words = listWords(t, def);
  const many = words.noun(2);

  if (query.isError && !records) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('list.loadFailed', { noun: many })}
        action={<Button onClick={() => void query.refetch()}>{t('list.retry')}</Button>}
      />
    );
  }
  if (query.isFetching && !records) {
    return (
      <div role="status" aria-label={t('list.loading', { noun: many })}>
        <Skeleton active paragraph={{ rows: 8 }} title={false} />
      </div>
    );
  }

  const chosen: TableColumnsType<R> = def.columns
    .filter((c) => list.columns.visible.includes(c.key) || c.required)
    .map((c) => {
      const sort = c.sortField ? sortState(c, def.sorts, list.sort ?? def.defaultSort) : null;
      return {
        key: c.key,
        title: titles[c.key] ?? words.column(c),
        // Never narrower than its header's longest word: headers wrap between words, not inside one.
        width: c.width === undefined ? undefined : fittedWidth(c),
        align: c.align,
        ...(c.format === 'id' && c.required ? { fixed: 'left' as const } : {}),
        ...(sort && sort.directions.length
          ? { sorter: true, sortOrder: sort.order, sortDirections: sort.directions }
          : {}),
        render: (_: unknown, r: R) => cells[c.key]?.(r) ?? null,
      };
    });
  const columns = narrow ? narrowColumns : trailing ? [...chosen, trailing] : chosen;
  const width = props.scrollX ?? columnsWidth(columns);

  const onChange: TableProps<R>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort' || Array.isArray(sorter)) return;
    const col = def.columns.find((c) => c.key === sorter.columnKey);
    const value =
      sorter.order && col?.sortField ? `${col.sortField}:${sorter.order === 'ascend' ? 'asc' : 'desc'}` : undefined;
    list.setSort(value && def.sorts.includes(value) ? value : undefined);
  };

  return (
    <TableScrollFrame label={many.charAt(0).toUpperCase() + many.slice(1)}>
      <Table<R>
        className={`mbo-list-table${props.onRowClick ? ' mbo-list-table--clickable' : ''}`}
        rowKey={def.rowKey}
        size="middle"
        columns={columns}
        dataSource={records ?? []}
        loading={query.isFetching}
        // Fixed: the columns keep the definition's widths (phones: the summary cells take the width there is).
        tableLayout="fixed"
        scroll={narrow ? undefined : { x: width }}
        showSorterTooltip={false}
        onChange={onChange}
        locale={{
          emptyText: props.empty ?? (
            <ListEmpty noun={many} filtered={list.activeFilters > 0} onClearFilters={list.clearFilters} />
          ),
        }}
        onRow={props.onRowClick ? (r) => ({ onClick: () => props.onRowClick?.(r) }) : undefined}
        pagination={{
          current: list.pageNum,
          pageSize: list.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: !narrow,
          showLessItems: narrow,
          size: narrow ? 'small' : undefined,
          pageSizeOptions: (props.pageSizes ?? PAGE_SIZES).map(String),
          showTotal: (total) => (
            <Typography.Text type="secondary">
              {formatListTotal(total, words.nouns, query.data?.totalExact ?? true)}
            </Typography.Text>
          ),
          onChange: (page, size) => list.setPage(page, size),
        }}
      />
    </TableScrollFrame>
  );
}
