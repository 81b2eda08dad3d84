import { useState } from 'react';
import { Input, Select } from 'antd';
import { CURRENCIES } from '@mbo/contracts/money';
import type { ExportType } from '@mbo/contracts/reports';
import AmountRangeFilter from '@/components/list/amount-range-filter';
import { humanizeStatus } from '@/components/list/status-tag';
import { useGlobalState } from '@/lib/global-state';
import { TYPE_FILTERS, TYPE_STATUSES, type ExportFormValues } from '../utils/export-form';

export interface ExportFilterFieldsProps {
  type: ExportType;
  values: ExportFormValues;
  onChange: (patch: Partial<ExportFormValues>) => void;
}

const selectStyle = { width: 180 };
const SEARCH_PLACEHOLDER: Record<ExportType, string> = {
  PAYMENTS: 'Payment ID, merchant order no. or customer email',
  REFUNDS: 'Refund ID or payment ID',
};

/** The list filters of an export type, the same ones (and names) as the list screens. */
export default function ExportFilterFields({ type, values, onChange }: ExportFilterFieldsProps) {
  const { payMethodTypeList, payMethodNameList, countryList } = useGlobalState();
  const [keyword, setKeyword] = useState(values.q ?? '');
  const [shownQ, setShownQ] = useState(values.q);
  if (shownQ !== values.q) {
    // The URL changed (a link, back/forward): show its keyword.
    setShownQ(values.q);
    setKeyword(values.q ?? '');
  }
  const has = (key: keyof ExportFormValues) => TYPE_FILTERS[type].includes(key);

  return (
    <div className="mbo-export-filters">
      <Select
        aria-label="Status"
        mode="multiple"
        placeholder="Any status"
        allowClear
        maxTagCount="responsive"
        style={{ width: 220 }}
        value={(values.status ?? []).filter((s) => TYPE_STATUSES[type].includes(s))}
        options={TYPE_STATUSES[type].map((s) => ({ value: s, label: humanizeStatus(s) }))}
        onChange={(status: string[]) => onChange({ status: status.length ? status : undefined })}
      />
      {has('methodType') ? (
        <Select
          aria-label="Payment method type"
          placeholder="Any method type"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={selectStyle}
          value={values.methodType}
          options={payMethodTypeList}
          onChange={(methodType?: string) => onChange({ methodType })}
        />
      ) : null}
      {has('method') ? (
        <Select
          aria-label="Payment method"
          placeholder="Any payment method"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={selectStyle}
          value={values.method}
          options={payMethodNameList}
          onChange={(method?: string) => onChange({ method })}
        />
      ) : null}
      <Select
        aria-label="Currency"
        placeholder="Any currency"
        allowClear
        showSearch
        style={{ width: 140 }}
        value={values.currency}
        options={CURRENCIES.map((c) => ({ value: c, label: c }))}
        onChange={(currency?: string) => onChange({ currency })}
      />
      <AmountRangeFilter
        value={{ min: values.amountMin, max: values.amountMax }}
        currency={values.currency}
        onChange={(r) => onChange({ amountMin: r.min, amountMax: r.max })}
      />
      {has('country') ? (
        <Select
          aria-label="Country"
          placeholder="Any country"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={selectStyle}
          value={values.country}
          options={countryList}
          onChange={(country?: string) => onChange({ country })}
        />
      ) : null}
      <Input.Search
        className="mbo-export-filters__search"
        aria-label="Search"
        placeholder={SEARCH_PLACEHOLDER[type]}
        allowClear
        value={keyword}
        onChange={(e) => {
          setKeyword(e.target.value);
          if (!e.target.value) onChange({ q: undefined });
        }}
        onBlur={() => onChange({ q: keyword.trim() || undefined })}
        onSearch={(q) => onChange({ q: q.trim() || undefined })}
      />
    </div>
  );
}
