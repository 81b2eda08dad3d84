import { Input, Space } from 'antd';
import { useRef, useState } from 'react';
import { amountFilterProblem } from '@/lib/amount-filter';
import { useTranslation } from '@/i18n/use-translation';

export interface AmountRange {
  /** Major units as typed ("12.50"). */
  min?: string;
  max?: string;
}

export interface AmountRangeFilterProps {
  value: AmountRange;
  onChange: (range: AmountRange) => void;
  /** Shown as the inputs' prefix (e.g. "EUR"); amounts are in this currency's major units. */
  currency?: string;
}

const AMOUNT_RE = /^\d{0,15}(\.\d{0,6})?$/;

/**
 * Min / max amount in major units; applied on Enter or when focus leaves both inputs. Convert with
 * lib/amount-filter.ts, which refuses more decimals than the currency has: such an input is marked
 * as an error (and not sent) instead of being rounded.
 */
export default function AmountRangeFilter({ value, onChange, currency }: AmountRangeFilterProps) {
  const { t } = useTranslation('kit');
  const [min, setMin] = useState(value.min ?? '');
  const [max, setMax] = useState(value.max ?? '');
  // The URL changed the range (back button, "Clear filters"): show it.
  const [shown, setShown] = useState(value);
  if (shown.min !== value.min || shown.max !== value.max) {
    setShown(value);
    if (shown.min !== value.min) setMin(value.min ?? '');
    if (shown.max !== value.max) setMax(value.max ?? '');
  }
  const group = useRef<HTMLDivElement>(null);
  const apply = (next: { min: string; max: string } = { min, max }) => {
    const clean = (v: string) => (v.trim() && /^\d+(\.\d+)?$/.test(v.trim()) ? v.trim() : undefined);
    if (clean(next.min) !== value.min || clean(next.max) !== value.max)
      onChange({ min: clean(next.min), max: clean(next.max) });
  };
  const field = (label: string, text: string, which: 'min' | 'max', placeholder: string) => {
    const problem = amountFilterProblem(text, currency);
    return (
      <Input
        aria-label={label}
        status={problem ? 'error' : undefined}
        aria-invalid={problem ? true : undefined}
        title={problem ?? undefined}
        inputMode="decimal"
        placeholder={placeholder}
        prefix={
          currency ? <span style={{ color: 'var(--mbo-text-secondary)', fontSize: 12 }}>{currency}</span> : undefined
        }
        value={text}
        onChange={(e) => {
          const typed = e.target.value;
          if (!AMOUNT_RE.test(typed)) return;
          if (which === 'min') setMin(typed);
          else setMax(typed);
          // The clear icon applies at once.
          if (e.type === 'click') apply(which === 'min' ? { min: typed, max } : { min, max: typed });
        }}
        // Moving between min and max is not leaving the filter: apply when focus leaves both.
        onBlur={(e) => {
          if (!group.current?.contains(e.relatedTarget as Node | null)) apply();
        }}
        onPressEnter={() => apply()}
        style={{ width: '50%' }}
        allowClear
      />
    );
  };
  return (
    <div ref={group} className="mbo-amount-range" style={{ display: 'inline-flex', width: 270, maxWidth: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        {field(t('list.minAmount'), min, 'min', t('list.minAmountShort'))}
        {field(t('list.maxAmount'), max, 'max', t('list.maxAmountShort'))}
      </Space.Compact>
    </div>
  );
}
