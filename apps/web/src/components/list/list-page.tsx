import { Space } from 'antd';
import PageHeader from '@/components/page-header';
import ColumnChooser from './column-chooser';
import ExportButton from './export-button';
import ListFilterBar from './list-filter-bar';
import { chosenStatuses } from './list-request';
import ListStatusTiles from './list-status-tiles';
import ListTable, { type ListTableProps } from './list-table';
import SavedViewsMenu from './saved-views-menu';
import type { StatusTone } from './status-tag';
import type { ListState } from './use-list-state';
import './list.css';
import { useTranslation } from '@/i18n/use-translation';
import { listWords } from './list-words';

export interface ListPageProps<R> extends Omit<ListTableProps<R>, 'list'> {
  list: ListState;
  /**
   * The page header's texts; or, for a list in a tab or below the content of a page that has its own header, the
   * list's name (shown as its heading with `heading`) and a line shown beside its toolbar.
   */
  header:
    | { eyebrow: string; title: string; subtitle: string }
    | { embedded: true; title: string; heading?: boolean; intro?: React.ReactNode };
  /** Replaces the definition's export button (a list whose export the report centre's form does not offer). */
  exportControl?: React.ReactNode;
  /** The label and tone of each status of the list (filter options, tiles). */
  statusLabels?: Readonly<Record<string, string>>;
  statusTones?: Readonly<Record<string, StatusTone>>;
  /** Shown between the header and the list (e.g. the balances above the balance transactions). */
  intro?: React.ReactNode;
  /** Counts per status for the definition's tiles (the filters without the status). */
  tileCounts?: { data: Readonly<Record<string, number>> | undefined; loading: boolean };
  /** More buttons in the header, after Views, Columns and Export (e.g. "Create payment link"). */
  actions?: React.ReactNode;
  /** Shown at the end of the filter bar. */
  toolbarExtra?: React.ReactNode;
  /** Dialogs of the page. */
  children?: React.ReactNode;
}

/**
 * A list page from its definition (or a list in a tab, `header.embedded`): header with the saved views, the column
 * chooser and the export,
 * the status tiles, the filter bar and the table. A page gives its definition's state, its query's
 * result and how each column's cell looks; nothing else.
 *
 * One filter pattern for every list (list-definition.ts's header says it in full): every filter, the status
 * included, is a control of the filter bar drawn from the definition (the status a multiple select, never a
 * segmented control, so every value is reachable on a phone); a list with a status count call adds the tiles
 * (`def.tiles` + `tileCounts`), which set that same status filter. A page draws no filter of its own.
 * A page with more than its list (a form, balances) renders its own header and content first and the list with
 * `header.embedded`, so the list's Views, Columns and Export sit with its table.
 */
export default function ListPage<R extends object>(props: ListPageProps<R>) {
  const {
    list,
    header,
    statusLabels,
    statusTones = {},
    intro,
    tileCounts,
    actions,
    toolbarExtra,
    exportControl,
    children,
    ...table
  } = props;
  const { title } = header;
  const { def } = list;
  // The list's own words (the `lists` namespace) load with the kit's before the list renders.
  const { t } = useTranslation(['kit', 'lists']);
  const words = listWords(t, def);
  const tiles = def.tiles;
  const tileFilter = tiles ? def.filters.filter((f) => f.type === 'statusSet' && f.urlKey === tiles.urlKey) : [];
  const statuses = chosenStatuses(tileFilter, list.filters);
  const toolbar = (
    <Space wrap className="mbo-list-head-actions">
      <SavedViewsMenu list={list} />
      <ColumnChooser columns={def.columns} visibility={list.columns} labelOf={words.column} />
      {exportControl ?? (def.exportType ? <ExportButton def={def} filters={list.filters} /> : null)}
      {actions}
    </Space>
  );
  return (
    <>
      {'embedded' in header ? (
        <div className="mbo-list-embedded-head">
          {header.heading || header.intro ? (
            <div className="mbo-list-embedded-intro">
              {header.heading ? <h2 className="mbo-list-embedded-title">{title}</h2> : null}
              {header.intro}
            </div>
          ) : null}
          {toolbar}
        </div>
      ) : (
        <PageHeader {...header} extra={toolbar} />
      )}
      {intro}
      {tiles && tileCounts ? (
        <ListStatusTiles
          label={t('list.byStatus', { title })}
          statuses={tiles.statuses}
          statusLabels={statusLabels ?? {}}
          tones={statusTones}
          counts={tileCounts.data}
          loading={tileCounts.loading}
          active={statuses.length === 0 ? 'ALL' : statuses.length === 1 ? statuses[0] : null}
          onSelect={(s) => list.setFilters({ [tiles.urlKey]: s === 'ALL' ? undefined : [s] })}
        />
      ) : null}
      <section className="mbo-list-card" aria-label={title}>
        <ListFilterBar
          filters={def.filters}
          values={list.filters}
          onChange={list.setFilters}
          statusLabels={statusLabels}
          words={words}
          active={list.activeFilters}
          onClear={list.clearFilters}
          extra={toolbarExtra}
        />
        <ListTable<R> list={list} {...table} />
      </section>
      {children}
    </>
  );
}
