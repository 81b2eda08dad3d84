import { Table, type TableColumnsType, type TableProps } from 'antd';
import TableScrollFrame from '@/components/list/table-scroll-frame';
import { useGlobalState } from '@/lib/global-state';
import '@/components/list/list.css';

export interface DetailTableProps<R> extends Omit<TableProps<R>, 'columns'> {
  /** What the table holds ("Payments of this link"): names its scroll region when it scrolls sideways. */
  label: string;
  columns: TableColumnsType<R>;
  /**
   * Phones: these columns instead (one summary cell per record, as the lists show them), so no amount or status
   * sits off-screen.
   */
  narrowColumns: TableColumnsType<R>;
}

/**
 * A table inside a detail page's card, laid out as the list kit's tables are: sized to its content on a desktop
 * (reachable by keyboard, the cut edge faded, when wider than its card) and one card per record on a phone.
 */
export default function DetailTable<R extends object>({
  label,
  columns,
  narrowColumns,
  className,
  scroll,
  ...rest
}: DetailTableProps<R>) {
  const narrow = useGlobalState().isMobile;
  return (
    <TableScrollFrame label={label}>
      <Table<R>
        size="middle"
        {...rest}
        className={`mbo-list-table${className ? ` ${className}` : ''}`}
        columns={narrow ? narrowColumns : columns}
        scroll={narrow ? undefined : (scroll ?? { x: 'max-content' })}
      />
    </TableScrollFrame>
  );
}
