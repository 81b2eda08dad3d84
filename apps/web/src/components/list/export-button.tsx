import { useHref, useNavigate } from 'react-router';
import { Button, Tooltip } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { LIST_MENUS, type ListDefinition } from '@mbo/contracts/lists/list-definition';
import { useGlobalState } from '@/lib/global-state';
import { filtersQueryString, type UrlFilterSpec, type UrlFilterValues } from '@/lib/use-url-filters';
import { urlSpecOf, type ListUrlValues } from './list-request';
import { useTranslation } from '@/i18n/use-translation';

const REPORTS_URL = LIST_MENUS.exports;

/** The report centre's "New export" form for a list's export type, filled with the list's filters. */
export function exportHref(def: Pick<ListDefinition, 'filters' | 'exportType'>, filters: ListUrlValues): string {
  const query = filtersQueryString(urlSpecOf(def.filters), filters as UrlFilterValues<UrlFilterSpec>);
  return `${REPORTS_URL}?type=${def.exportType ?? ''}${query ? `&${query}` : ''}`;
}

/**
 * "Export": opens the report centre's create-export form with the list's current filters (it starts
 * the export from there, with its date range, columns and format). Disabled, with the reason, for a
 * role without the report centre.
 */
export default function ExportButton({
  def,
  filters,
}: {
  def: Pick<ListDefinition, 'filters' | 'exportType'>;
  filters: ListUrlValues;
}) {
  const { authUrls } = useGlobalState();
  const { t } = useTranslation('kit');
  const navigate = useNavigate();
  const to = exportHref(def, filters);
  const href = useHref(to);
  if (!authUrls.includes(REPORTS_URL)) {
    return (
      <Tooltip title={t('list.exportNoAccess')}>
        <Button icon={<ExportOutlined />} disabled>
          {t('list.export')}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Button
      icon={<ExportOutlined />}
      href={href}
      onClick={(e) => {
        e.preventDefault();
        void navigate(to);
      }}
    >
      {t('list.export')}
    </Button>
  );
}
