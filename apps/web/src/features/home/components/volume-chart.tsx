import { useState } from 'react';
import { displayMoney } from '@/lib/display-money';
import type { PaymentKpis } from '@mbo/contracts/payments';
import { compactMoney, niceAxis } from '@/lib/chart-scale';
import { useElementSize } from '@/lib/use-element-width';
import { shortDay } from '../utils/kpi-format';
import './volume-chart.css';
import { useTranslation } from '@/i18n/use-translation';

export interface VolumeChartProps {
  daily: PaymentKpis['daily'];
  currency: string;
  /** The chart's height; with `fill`, the least it takes. */
  height?: number;
  /** Take the height its box is given (a card that shares its row's height), not less than `height`. */
  fill?: boolean;
}

const AXIS_WIDTH = 56;
const X_AXIS_HEIGHT = 24;
const TOP = 8;

/**
 * Daily gross volume as bars (plain SVG: no charting library in the bundle). Hover or focus a bar
 * for the day's volume and count; the bars are also listed for screen readers.
 */
export function VolumeChart({ daily, currency, height: minHeight = 260, fill = false }: VolumeChartProps) {
  const [ref, size] = useElementSize<HTMLDivElement>({ width: 640, height: minHeight });
  const width = size.width;
  const height = fill ? Math.max(minHeight, size.height) : minHeight;
  const [active, setActive] = useState<number | null>(null);
  const { t } = useTranslation('home', { keyPrefix: 'chart' });

  const axis = niceAxis(Math.max(0, ...daily.map((d) => d.volume)), currency);
  const max = axis.max;
  const ticks = Math.round(axis.max / axis.step);
  const plotW = Math.max(1, width - AXIS_WIDTH);
  const plotH = height - X_AXIS_HEIGHT - TOP;
  const slot = plotW / Math.max(1, daily.length);
  const barW = Math.max(2, Math.min(28, slot * 0.64));
  const y = (v: number) => TOP + plotH - (v / max) * plotH;
  // Label about every 7th day on wide charts, fewer on phones, counted back from today so the last
  // day is always labelled and no two labels collide.
  const labelEvery = Math.max(1, Math.ceil(daily.length / Math.max(2, Math.floor(plotW / 70))));
  const total = daily.reduce((s, d) => s + d.volume, 0);
  const point = active === null ? null : daily[active];

  return (
    <div
      ref={ref}
      className={`mbo-volume-chart${fill ? ' mbo-volume-chart--fill' : ''}`}
      style={fill ? { minHeight } : undefined}
      onMouseLeave={() => setActive(null)}
    >
      <svg
        width={width}
        height={height}
        role="img"
        aria-label={t('label', { days: daily.length, total: displayMoney(total, currency) })}
      >
        {Array.from({ length: ticks + 1 }, (_, i) => {
          const value = axis.step * i;
          const gy = y(value);
          return (
            <g key={i}>
              <line x1={AXIS_WIDTH} x2={width} y1={gy} y2={gy} className="mbo-volume-chart__grid" />
              <text x={AXIS_WIDTH - 8} y={gy} dy="0.32em" textAnchor="end" className="mbo-volume-chart__label">
                {compactMoney(Math.round(value), currency)}
              </text>
            </g>
          );
        })}
        {daily.map((d, i) => {
          const cx = AXIS_WIDTH + slot * i + slot / 2;
          const top = y(d.volume);
          const h = Math.max(d.volume > 0 ? 2 : 0, TOP + plotH - top);
          return (
            <g key={d.date}>
              <rect
                x={AXIS_WIDTH + slot * i}
                y={TOP}
                width={slot}
                height={plotH}
                className={`mbo-volume-chart__hit${active === i ? ' is-active' : ''}`}
                onMouseEnter={() => setActive(i)}
              />
              <rect
                x={cx - barW / 2}
                y={TOP + plotH - h}
                width={barW}
                height={h}
                rx={Math.min(3, barW / 3)}
                className={`mbo-volume-chart__bar${active === i ? ' is-active' : ''}`}
                pointerEvents="none"
              />
              {(daily.length - 1 - i) % labelEvery === 0 ? (
                <text
                  // The last day's label ends at the edge instead of being cut by it.
                  x={i === daily.length - 1 ? width - 2 : cx}
                  y={height - 6}
                  textAnchor={i === daily.length - 1 ? 'end' : 'middle'}
                  className="mbo-volume-chart__label"
                >
                  {shortDay(d.date)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {point && active !== null ? (
        <div
          className="mbo-volume-chart__tip"
          role="tooltip"
          style={{
            left: Math.min(Math.max(AXIS_WIDTH + slot * active + slot / 2, 80), width - 80),
            top: Math.max(0, y(point.volume) - 8),
          }}
        >
          <div className="mbo-volume-chart__tip-day">{shortDay(point.date)}</div>
          <div className="mbo-volume-chart__tip-value">{displayMoney(point.volume, currency)}</div>
          <div className="mbo-volume-chart__tip-day">{t('payments', { count: point.count })}</div>
        </div>
      ) : null}
      <ul className="mbo-sr-only">
        {daily.map((d) => (
          <li key={d.date}>
            {t('srRow', {
              day: d.date,
              amount: displayMoney(d.volume, currency),
              payments: t('payments', { count: d.count }),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
