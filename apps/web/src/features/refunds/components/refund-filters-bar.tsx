import { Button, Select } from 'antd';
import { CURRENCIES } from '@mbo/contracts/money';
import { REFUND_STATUSES } from '@mbo/contracts/refunds';
import AmountRangeFilter from '@/components/list/amount-range-filter';
import DateRangeFilter from '@/components/list/date-range-filter';
import { useGlobalState } from '@/lib/global-state';
import { countFilters } from '@/lib/use-url-filters';
import type { RefundUrlFilters } from '../utils/refund-filters';
import { REFUND_STATUS_LABEL } from '../utils/refund-status';
import { SearchFilter } from '@/components/list/search-filter';

export interface RefundFiltersBarProps {
  filters: RefundUrlFilters;
  onChange: (patch: Partial<RefundUrlFilters>) => void;
  onClear: () => void;
}

/** Every filter of the refunds list; each change goes to the URL (and back to page 1). */
export default function RefundFiltersBar({ filters, onChange, onClear }: RefundFiltersBarProps) {
  const { user } = useGlobalState();
  const active = countFilters(filters);

  return (
    <div className="mbo-refunds-toolbar">
      <SearchFilter
        className="mbo-refunds-toolbar__search"
        ariaLabel="Search refunds"
        placeholder="Refund ID or payment ID"
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
        style={{ minWidth: 170 }}
        value={filters.status ?? []}
        options={REFUND_STATUSES.map((s) => ({ value: s, label: REFUND_STATUS_LABEL[s] }))}
        onChange={(value: string[]) => onChange({ status: value.length ? value : undefined })}
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
      {active > 0 ? (
        <Button type="link" onClick={onClear}>
          Clear filters ({active})
        </Button>
      ) : null}
    </div>
  );
}
