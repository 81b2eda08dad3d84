import { Button, Input, Segmented, Typography } from 'antd';
import { PAYMENT_LINK_STATUSES, type PaymentLinkStatus } from '@mbo/contracts/payment-links';
import DateRangeFilter from '@/components/list/date-range-filter';
import { timeZoneLabel } from '@/lib/format-time';
import { countFilters } from '@/lib/use-url-filters';
import { statusesOf, type LinkUrlFilters } from '../utils/link-filters';
import { STATUS_LABELS } from './link-status-tag';

export interface PaymentLinksToolbarProps {
  filters: LinkUrlFilters;
  timeZone: string | null | undefined;
  onChange(patch: Partial<LinkUrlFilters>): void;
  onClear(): void;
}

type StatusChoice = PaymentLinkStatus | 'ALL';

/** Status, search and created date of the links list; each change goes to the URL. */
export default function PaymentLinksToolbar({ filters, timeZone, onChange, onClear }: PaymentLinksToolbarProps) {
  const statuses = statusesOf(filters);
  const status: StatusChoice = statuses.length === 1 ? statuses[0] : 'ALL';
  const active = countFilters(filters);

  return (
    <div className="mbo-links-toolbar">
      <div className="mbo-links-toolbar__status">
        <Segmented<StatusChoice>
          aria-label="Status"
          value={status}
          options={[{ value: 'ALL', label: 'All' }, ...PAYMENT_LINK_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))]}
          onChange={(value) => onChange({ status: value === 'ALL' ? undefined : [value] })}
        />
      </div>
      <Input.Search
        className="mbo-links-toolbar__search"
        aria-label="Search payment links"
        placeholder="Description or link ID"
        allowClear
        maxLength={200}
        // Uncontrolled, re-created when the URL's keyword changes (back, clear filters).
        key={filters.q ?? ''}
        defaultValue={filters.q}
        onChange={(e) => {
          if (!e.target.value && filters.q) onChange({ q: undefined });
        }}
        onSearch={(value) => onChange({ q: value.trim() || undefined })}
      />
      <DateRangeFilter
        label="Created date"
        timeZone={timeZone}
        value={{ from: filters.from, to: filters.to }}
        onChange={(r) => onChange({ from: r.from, to: r.to })}
      />
      {active ? (
        <Button type="link" onClick={onClear}>
          Clear filters ({active})
        </Button>
      ) : null}
      <Typography.Text type="secondary" style={{ marginLeft: 'auto', fontSize: 12 }}>
        Times in {timeZoneLabel(timeZone)}
      </Typography.Text>
    </div>
  );
}
