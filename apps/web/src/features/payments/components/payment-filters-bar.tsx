import { Button, Select } from 'antd';
import { CURRENCIES } from '@mbo/contracts/money';
import { PAYMENT_STATUSES } from '@mbo/contracts/payments';
import AmountRangeFilter from '@/components/list/amount-range-filter';
import DateRangeFilter from '@/components/list/date-range-filter';
import { useGlobalState } from '@/lib/global-state';
import { countFilters } from '@/lib/use-url-filters';
import type { PaymentUrlFilters } from '../utils/payment-filters';
import { PAYMENT_STATUS_LABEL } from '../utils/payment-status';
import { SearchFilter } from '@/components/list/search-filter';

export interface PaymentFiltersBarProps {
  filters: PaymentUrlFilters;
  onChange: (patch: Partial<PaymentUrlFilters>) => void;
  onClear: () => void;
}

const selectStyle = { minWidth: 150 };

/** Every filter of the payments list; each change goes to the URL (and back to page 1). */
export default function PaymentFiltersBar({ filters, onChange, onClear }: PaymentFiltersBarProps) {
  const { user, payMethodTypeList, payMethodNameList, countryList } = useGlobalState();
  const active = countFilters(filters);

  return (
    <div className="mbo-list-toolbar">
      <SearchFilter
        className="mbo-list-toolbar__search"
        ariaLabel="Search payments"
        placeholder="Payment ID, merchant order no. or customer email"
        value={filters.q}
        onChange={(q) => onChange({ q })}
      />
      <DateRangeFilter
        label="Created date"
        timeZone={user?.timeZone}
        value={{ from: filters.from, to: filters.to }}
        onChange={(r) => onChange({ from: r.from, to: r.to })}
      />
      <Select
        aria-label="Status"
        mode="multiple"
        placeholder="Status"
        allowClear
        maxTagCount="responsive"
        style={{ ...selectStyle, minWidth: 170 }}
        value={filters.status ?? []}
        options={PAYMENT_STATUSES.map((s) => ({ value: s, label: PAYMENT_STATUS_LABEL[s] }))}
        onChange={(value: string[]) => onChange({ status: value.length ? value : undefined })}
      />
      <Select
        aria-label="Payment method type"
        placeholder="Method type"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={selectStyle}
        value={filters.methodType}
        options={payMethodTypeList}
        onChange={(value?: string) => onChange({ methodType: value })}
      />
      <Select
        aria-label="Payment method"
        placeholder="Payment method"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={selectStyle}
        value={filters.method}
        options={payMethodNameList}
        onChange={(value?: string) => onChange({ method: value })}
      />
      <Select
        aria-label="Currency"
        placeholder="Currency"
        allowClear
        showSearch
        style={{ minWidth: 110 }}
        value={filters.currency}
        options={CURRENCIES.map((c) => ({ value: c, label: c }))}
        onChange={(value?: string) => onChange({ currency: value })}
      />
      <AmountRangeFilter
        currency={filters.currency}
        value={{ min: filters.amountMin, max: filters.amountMax }}
        onChange={(r) => onChange({ amountMin: r.min, amountMax: r.max })}
      />
      <Select
        aria-label="Country"
        placeholder="Country"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={selectStyle}
        value={filters.country}
        options={countryList}
        onChange={(value?: string) => onChange({ country: value })}
      />
      {active > 0 ? (
        <Button type="link" onClick={onClear}>
          Clear filters ({active})
        </Button>
      ) : null}
    </div>
  );
}
