import { useTranslation } from '@/i18n/use-translation';
import { displayNumber } from '@/lib/formats';
import { useState } from 'react';
import { compactMoney, niceAxis } from '@/lib/chart-scale';
import { displayDay, displayDayWithWeekday } from '@/lib/display-day';
import { displayMoney } from '@/lib/display-money';
import { useElementWidth } from '@/lib/use-element-width';
import { chartDayLabels } from '../utils/chart-day-labels';
import type { EstimationSlot } from '../utils/estimation-series';
import './settlements.css';

export interface EstimationChartProps {
  slots: readonly EstimationSlot[];
  currency: string;
  /** YYYY-MM-DD: labelled "Today". */
  today: string;
  height?: number;
}

const AXIS_WIDTH = 60;
const X_AXIS_HEIGHT = 24;
const TOP = 8;

/**
 * The expected net per day in one currency over the days the estimation covers (plain SVG): a bar
 * per day with a settlement, an empty slot for a day without, weekends shaded, bars of days with a
 * batch still open drawn lighter. Hover a day for its figures; the page's table holds the same
 * numbers for screen readers.
 */
export function EstimationChart({ slots, currency, today, height = 240 }: EstimationChartProps) {
  const [ref, width] = useElementWidth<HTMLDivElement>(720);
  const [active, setActive] = useState<number | null>(null);
  const { t } = useTranslation('settlements', { keyPrefix: 'estimationChart' });
  const nets = slots.map((s) => s.entry?.net ?? 0);
  const axis = niceAxis(Math.max(0, ...nets), currency);
  const ticks = Math.round(axis.max / axis.step);
  const plotW = Math.max(1, width - AXIS_WIDTH);
  const plotH = height - X_AXIS_HEIGHT - TOP;
  const slotW = plotW / Math.max(1, slots.length);
  const barW = Math.max(3, Math.min(24, slotW * 0.64));
  const y = (v: number) => TOP + plotH - (Math.max(0, v) / axis.max) * plotH;
  const labels = new Map(
    chartDayLabels({
      days: slots.map((s) => s.day),
      today,
      todayText: t('today'),
      left: AXIS_WIDTH,
      slotWidth: slotW,
      right: width,
    }).map((l) => [l.index, l]),
  );
  const total = nets.reduce((a, b) => a + b, 0);
  const point = active === null ? null : slots[active];
  const last = slots[slots.length - 1];

  return (
    <div ref={ref} className="mbo-estimation-chart" onMouseLeave={() => setActive(null)}>
      <svg
        width={width}
        height={height}
        role="img"
        aria-label={
          slots.length
            ? t('aria', {
                currency,
                from: displayDay(slots[0].day),
                to: displayDay(last.day),
                total: displayMoney(total, currency),
              })
            : t('ariaNoDays', { currency, total: displayMoney(total, currency) })
        }
      >
        {Array.from({ length: ticks + 1 }, (_, i) => {
          const gy = y(axis.step * i);
          return (
            <g key={i}>
              <line x1={AXIS_WIDTH} x2={width} y1={gy} y2={gy} className="mbo-estimation-chart__grid" />
              <text x={AXIS_WIDTH - 8} y={gy} dy="0.32em" textAnchor="end" className="mbo-estimation-chart__label">
                {compactMoney(axis.step * i, currency)}
              </text>
            </g>
          );
        })}
        {slots.map((s, i) => {
          const x = AXIS_WIDTH + slotW * i;
          const cx = x + slotW / 2;
          const net = s.entry?.net ?? 0;
          const h = s.entry ? Math.max(net > 0 ? 2 : 0, TOP + plotH - y(net)) : 0;
          const label = labels.get(i);
          const bar = `mbo-estimation-chart__bar${s.entry?.includesOpen ? ' mbo-estimation-chart__bar--open' : ''}${active === i ? ' is-active' : ''}`;
          return (
            <g key={s.day} data-day={s.day}>
              {s.weekend ? (
                <rect x={x} y={TOP} width={slotW} height={plotH} className="mbo-estimation-chart__weekend" />
              ) : null}
              <rect
                x={x}
                y={TOP}
                width={slotW}
                height={plotH}
                className={`mbo-estimation-chart__hit${active === i ? ' is-active' : ''}`}
                onMouseEnter={() => setActive(i)}
              />
              {h > 0 ? (
                <rect
                  x={cx - barW / 2}
                  y={TOP + plotH - h}
                  width={barW}
                  height={h}
                  rx={Math.min(3, barW / 3)}
                  className={bar}
                  pointerEvents="none"
                />
              ) : null}
              {label ? (
                <text x={label.x} y={height - 6} textAnchor="middle" className="mbo-estimation-chart__label">
                  {label.text}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {point && active !== null ? (
        <div
          className="mbo-estimation-chart__tip"
          role="tooltip"
          style={{
            left: Math.min(Math.max(AXIS_WIDTH + slotW * active + slotW / 2, 90), width - 90),
            top: Math.max(0, y(point.entry?.net ?? 0) - 8),
          }}
        >
          <div className="mbo-estimation-chart__tip-day">{displayDayWithWeekday(point.day)}</div>
          {point.entry ? (
            <>
              <div className="mbo-estimation-chart__tip-value">{displayMoney(point.entry.net, currency)}</div>
              <div className="mbo-estimation-chart__tip-day">
                {t('payments', { count: point.entry.paymentCount, number: displayNumber(point.entry.paymentCount) })}
                {point.entry.includesOpen ? t('stillOpen') : ''}
              </div>
            </>
          ) : (
            <div className="mbo-estimation-chart__tip-day">{t('nothing')}</div>
          )}
        </div>
      ) : null}
    </div>
  );
}
