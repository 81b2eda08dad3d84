import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_PRESETS, presetRange, type DayRange } from '@/lib/zoned-date';
import { useTranslation } from '@/i18n/use-translation';

export interface DateRangeFilterProps {
  /** Days in the merchant's zone (YYYY-MM-DD), as the URL holds them. */
  value: DayRange;
  onChange: (range: DayRange) => void;
  /** The merchant's zone: "Today" and the presets are counted in it. */
  timeZone: string | null | undefined;
  /** Accessible name of the picker ("Created date"). */
  label?: string;
  /** Name the range in its placeholders ("Opened from"), where a list has more than one. */
  namedPlaceholders?: boolean;
  style?: React.CSSProperties;
}

const FORMAT = 'YYYY-MM-DD';

/** A date range with the presets Today / 7 days / 30 days / 90 days; empty means no limit. */
export default function DateRangeFilter({
  value,
  onChange,
  timeZone,
  label,
  namedPlaceholders = false,
  style,
}: DateRangeFilterProps) {
  const { t } = useTranslation('kit');
  const name = label ?? t('list.dateRange');
  const picked: [Dayjs | null, Dayjs | null] | null =
    value.from || value.to ? [value.from ? dayjs(value.from) : null, value.to ? dayjs(value.to) : null] : null;
  const presets = DATE_PRESETS.map((p) => {
    const r = presetRange(p.days, timeZone);
    return { label: t(`list.presets.${p.key}`), value: [dayjs(r.from), dayjs(r.to)] as [Dayjs, Dayjs] };
  });
  return (
    <DatePicker.RangePicker
      aria-label={name}
      id={{ start: `${name}-from`, end: `${name}-to` }}
      placeholder={
        namedPlaceholders
          ? [t('list.rangeFrom', { label: name }), t('list.rangeTo')]
          : [t('list.startDate'), t('list.endDate')]
      }
      value={picked}
      format={FORMAT}
      presets={presets}
      allowEmpty={[true, true]}
      allowClear
      style={style}
      onChange={(dates) =>
        onChange({ from: dates?.[0]?.format(FORMAT) ?? undefined, to: dates?.[1]?.format(FORMAT) ?? undefined })
      }
    />
  );
}
