import type { ReportCentreType } from '@mbo/contracts/reports';
import { ListFilterControls } from '@/components/list/list-filter-bar';
import { listWords } from '@/components/list/list-words';
import { useTranslation } from '@/i18n/use-translation';
import type { FilterPatch } from '@/lib/use-url-filters';
import { EXPORT_LISTS, type ExportFormValues } from '../utils/export-form';

export interface ExportFilterFieldsProps {
  type: ReportCentreType;
  values: ExportFormValues;
  onChange: (patch: FilterPatch<Partial<ExportFormValues>>) => void;
}

/**
 * The filters of the exported list, from its definition (the same controls and names as the list); the form has its own
 * date range.
 */
export default function ExportFilterFields({ type, values, onChange }: ExportFilterFieldsProps) {
  // The list's own words (the `lists` namespace), as the list page says its filters.
  const { t } = useTranslation(['kit', 'lists']);
  return (
    <div className="mbo-export-filters">
      <ListFilterControls
        filters={EXPORT_LISTS[type].filters}
        values={values}
        onChange={onChange}
        omit={['dateRange']}
        anyPrefix
        applySearchOnBlur
        words={listWords(t, EXPORT_LISTS[type])}
      />
    </div>
  );
}
