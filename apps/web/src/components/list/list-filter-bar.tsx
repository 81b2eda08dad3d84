import { Button, Select } from 'antd';
import { CURRENCIES } from '@mbo/contracts/money';
import type { ListFilter, OptionSource } from '@mbo/contracts/lists/list-definition';
import { useGlobalState, type GlobalStateApi } from '@/lib/global-state';
import type { FilterPatch } from '@/lib/use-url-filters';
import AmountRangeFilter from './amount-range-filter';
import DateRangeFilter from './date-range-filter';
import { chosenStatuses, type ListUrlValues } from './list-request';
import { SearchFilter } from './search-filter';
import { humanizeStatus } from './status-tag';
import './list.css';
import { useTranslation } from '@/i18n/use-translation';
import type { ListWords } from './list-words';

export interface ListFilterControlsProps {
  filters: readonly ListFilter[];
  values: ListUrlValues;
  onChange: (patch: FilterPatch<ListUrlValues>) => void;
  /** The label of each status value ("SUCCESS" → "Succeeded"); humanized when absent. */
  statusLabels?: Readonly<Record<string, string>>;
  /** Filter types not shown here (the report centre has its own date range). */
  omit?: readonly ListFilter['type'][];
  /** "Status" reads "Any status" where an empty filter means any (the report centre's form). */
  anyPrefix?: boolean;
  /** The search applies when focus leaves it too (a form with its own submit button). */
  applySearchOnBlur?: boolean;
  /** The list's words in the language in force (list-words.ts); the definitions' English when absent. */
  words?: Pick<ListWords, 'filterLabel' | 'filterPlaceholder'>;
}

/**
 * Each option source's options. The agreement dropdown-configs call (GET
 * ACQUIRING_PATHS.agreementDropdownConfigs) is loaded once per session by the global state, with TanStack
 * Query (app/global-state: agreementConfigsQuery); its lists are read here, so a filter makes no call of its own.
 */
const OPTION_SOURCES: Record<OptionSource, (s: GlobalStateApi) => { value: string; label: string }[]> = {
  payMethodTypes: (s) => s.payMethodTypeList,
  payMethodNames: (s) => s.payMethodNameList,
  countries: (s) => s.countryList,
  agreementCountries: (s) => s.countryList,
  agreementPayMethodTypes: (s) => s.payMethodTypeList,
  agreementPayMethodNames: (s) => s.payMethodNameList,
};

const text = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);

/** A list value with one value added or taken out (undefined when none is left). */
function toggled(current: string | string[] | undefined, value: string, on: boolean): string[] | undefined {
  const values = (Array.isArray(current) ? current : current ? [current] : []).filter((v) => v !== value);
  if (on) values.push(value);
  return values.length ? values : undefined;
}
const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: c }));

interface OneOfProps {
  className: string;
  label: string;
  placeholder: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
}

/** A filter that takes one value of a list (currency, method, country), searchable by its label. */
function OneOf({ className, label, placeholder, value, options, onChange }: OneOfProps) {
  return (
    <Select
      className={className}
      aria-label={label}
      placeholder={placeholder}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={value}
      options={options}
      onChange={(v?: string) => onChange(v)}
    />
  );
}

/** The controls of a definition's filters, in its order; each change is a patch of URL values. */
export function ListFilterControls({
  filters,
  values,
  onChange,
  statusLabels,
  omit = [],
  anyPrefix,
  applySearchOnBlur,
  words,
}: ListFilterControlsProps) {
  const state = useGlobalState();
  const { t, i18n } = useTranslation('kit');
  // "Any status": English lowers the word; other languages keep it as it is.
  const placeholder = (p: string) =>
    anyPrefix ? t('list.any', { what: i18n.language === 'en' ? p.toLowerCase() : p }) : p;
  const labelOf = (f: ListFilter) => words?.filterLabel(f) ?? f.label;
  const placeholderOf = (f: ListFilter & { placeholder: string }) => words?.filterPlaceholder(f) ?? f.placeholder;
  return filters
    .filter((f) => !omit.includes(f.type))
    .map((f) => {
      switch (f.type) {
        case 'search':
          return (
            <SearchFilter
              key={f.urlKey}
              className="mbo-list-toolbar__search"
              ariaLabel={labelOf(f)}
              placeholder={placeholderOf(f)}
              value={text(values[f.urlKey])}
              onChange={(q) => onChange({ [f.urlKey]: q })}
              applyOnBlur={applySearchOnBlur}
            />
          );
        case 'dateRange':
          return (
            <DateRangeFilter
              key={f.fromKey}
              label={labelOf(f)}
              namedPlaceholders={filters.filter((x) => x.type === 'dateRange').length > 1}
              timeZone={state.user?.timeZone}
              value={{ from: text(values[f.fromKey]), to: text(values[f.toKey]) }}
              onChange={(r) => onChange({ [f.fromKey]: r.from, [f.toKey]: r.to })}
            />
          );
        case 'statusSet': {
          const label = (s: string) => statusLabels?.[s] ?? f.labels?.[s] ?? humanizeStatus(s);
          const chosen = chosenStatuses([f], values);
          return (
            <Select
              key={f.urlKey}
              className="mbo-list-toolbar__status"
              aria-label={labelOf(f)}
              mode="multiple"
              placeholder={placeholder(labelOf(f))}
              allowClear
              // People type the words they see ("Refund"), not the codes.
              showSearch={{ optionFilterProp: 'label' }}
              maxTagCount="responsive"
              value={chosen}
              options={f.statuses.map((s) => ({ value: s, label: label(s) }))}
              // Each pick adds to (each removal takes from) the values as last written, not as last rendered.
              onSelect={(v: string) => onChange((cur) => ({ [f.urlKey]: toggled(cur[f.urlKey], v, true) }))}
              onDeselect={(v: string) => onChange((cur) => ({ [f.urlKey]: toggled(cur[f.urlKey], v, false) }))}
              onClear={() => onChange({ [f.urlKey]: undefined })}
            />
          );
        }
        case 'currency':
          return (
            <OneOf
              key={f.urlKey}
              className="mbo-list-toolbar__currency"
              label={labelOf(f)}
              placeholder={placeholder(labelOf(f))}
              value={text(values[f.urlKey])}
              options={CURRENCY_OPTIONS}
              onChange={(v) => onChange({ [f.urlKey]: v })}
            />
          );
        case 'amountRange':
          return (
            <AmountRangeFilter
              key={f.minKey}
              currency={f.currencyKey ? text(values[f.currencyKey]) : undefined}
              value={{ min: text(values[f.minKey]), max: text(values[f.maxKey]) }}
              onChange={(r) => onChange({ [f.minKey]: r.min, [f.maxKey]: r.max })}
            />
          );
        case 'option':
          return (
            <OneOf
              key={f.urlKey}
              className="mbo-list-toolbar__option"
              label={labelOf(f)}
              placeholder={placeholder(placeholderOf(f))}
              value={text(values[f.urlKey])}
              options={OPTION_SOURCES[f.source](state)}
              onChange={(v) => onChange({ [f.urlKey]: v })}
            />
          );
      }
    });
}

export interface ListFilterBarProps extends ListFilterControlsProps {
  /** How many filters are set: "Clear filters (3)" shows when above 0. */
  active: number;
  onClear: () => void;
  /** Shown at the end of the bar (e.g. the zone the times are in). */
  extra?: React.ReactNode;
}

/** A list's filter bar: its definition's filters, a clear button, and an optional note at the end. */
export default function ListFilterBar({ active, onClear, extra, ...controls }: ListFilterBarProps) {
  const { t } = useTranslation('kit');
  return (
    <div className="mbo-list-toolbar" role="search" aria-label={t('list.filters')}>
      <ListFilterControls {...controls} />
      {active > 0 ? (
        <Button type="link" onClick={onClear}>
          {t('list.clearFiltersCount', { count: active })}
        </Button>
      ) : null}
      {extra ? <div className="mbo-list-toolbar__extra">{extra}</div> : null}
    </div>
  );
}
