import { useTranslation } from '@/i18n/use-translation';
import type { SettlementRecord } from '@mbo/contracts/settlements';
import { compactMoney } from '@/lib/chart-scale';
import { displayMoney } from '@/lib/display-money';
import { useElementWidth } from '@/lib/use-element-width';
import { waterfallSteps, type WaterfallStep } from '../utils/waterfall-steps';
import './settlements.css';

type Amounts = Pick<SettlementRecord, 'currency' | 'gross' | 'refunds' | 'fees' | 'disputes' | 'reserve' | 'net'>;

const HEIGHT = 240;
const TOP = 24;
const BOTTOM = 28;

/** "−120.00 USD" for what a deduction takes off, "+10.00 USD" for what one gives back. */
function signed(step: WaterfallStep, text: (minor: number) => string): string {
  if (step.kind === 'total') return text(step.amount);
  if (step.amount === 0) return text(0);
  return `${step.amount > 0 ? '−' : '+'}${text(Math.abs(step.amount))}`;
}

function barClass(step: WaterfallStep): string {
  if (step.key === 'net') return 'mbo-waterfall__bar mbo-waterfall__bar--net';
  if (step.kind === 'total') return 'mbo-waterfall__bar mbo-waterfall__bar--gross';
  return step.amount < 0
    ? 'mbo-waterfall__bar mbo-waterfall__bar--gain'
    : 'mbo-waterfall__bar mbo-waterfall__bar--deduction';
}

/** The chart: the gross, each deduction that is not zero stepping down, the net; every bar labelled with its amount. */
function WaterfallChart({ steps, currency }: { steps: WaterfallStep[]; currency: string }) {
  const [ref, width] = useElementWidth<HTMLDivElement>(640);
  const bars = steps.filter((s) => s.kind === 'total' || s.amount !== 0);
  const values = bars.flatMap((s) => [s.from, s.to]);
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const span = hi - lo || 1;
  const plotH = HEIGHT - TOP - BOTTOM;
  const y = (v: number) => TOP + ((hi - v) / span) * plotH;
  const slot = width / bars.length;
  const barW = Math.max(8, Math.min(72, slot * 0.56));
  // Full amounts where they fit above their bar; "12.3K USD" on narrow screens.
  const text = slot >= 118 ? (m: number) => displayMoney(m, currency) : (m: number) => compactMoney(m, currency);
  const net = steps[steps.length - 1];
  const { t } = useTranslation('settlements', { keyPrefix: 'waterfall' });
  return (
    <div ref={ref} className="mbo-waterfall">
      <svg
        width={width}
        height={HEIGHT}
        role="img"
        aria-label={t('aria', {
          gross: displayMoney(steps[0].amount, currency),
          net: displayMoney(net.amount, currency),
        })}
      >
        <line x1={0} x2={width} y1={y(0)} y2={y(0)} className="mbo-waterfall__axis" />
        {bars.map((s, i) => {
          const cx = slot * i + slot / 2;
          const top = Math.min(y(s.from), y(s.to));
          const h = Math.max(2, Math.abs(y(s.from) - y(s.to)));
          const next = bars[i + 1];
          return (
            <g key={s.key} data-step={s.key}>
              <rect x={cx - barW / 2} y={top} width={barW} height={h} rx={3} className={barClass(s)} />
              {next ? (
                <line
                  x1={cx + barW / 2}
                  x2={slot * (i + 1) + slot / 2 - barW / 2}
                  y1={y(s.to)}
                  y2={y(s.to)}
                  className="mbo-waterfall__connector"
                />
              ) : null}
              <text x={cx} y={Math.max(12, top - 6)} textAnchor="middle" className="mbo-waterfall__value">
                {signed(s, text)}
              </text>
              <text x={cx} y={HEIGHT - 8} textAnchor="middle" className="mbo-waterfall__label">
                {s.key === 'disputes' || s.key === 'other' ? t(`chart.${s.key}`) : t(`steps.${s.key}`)}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}

/**
 * How a settlement's net is made: a waterfall from the gross down by each deduction to the net
 * (hand-drawn SVG), then the same numbers as a small table (gross − refunds − fees − disputes −
 * reserve = net), every deduction listed even when zero, so it reads without the chart.
 */
export function SettlementWaterfall({ settlement }: { settlement: Amounts }) {
  const steps = waterfallSteps(settlement);
  const money = (minor: number) => displayMoney(minor, settlement.currency);
  const { t } = useTranslation('settlements', { keyPrefix: 'waterfall' });
  return (
    <div className="mbo-waterfall-block">
      <WaterfallChart steps={steps} currency={settlement.currency} />
      <table className="mbo-waterfall-table">
        <caption className="mbo-list-sr-only">{t('caption')}</caption>
        <tbody>
          {steps.map((s) => {
            const sign = s.key === 'gross' ? '' : s.key === 'net' ? '=' : s.amount < 0 ? '+' : '−';
            return (
              <tr key={s.key} className={s.key === 'net' ? 'mbo-waterfall-table__net' : undefined} data-step={s.key}>
                <th scope="row">
                  <span className="mbo-waterfall-table__sign" aria-hidden>
                    {sign}
                  </span>
                  {sign === '−' ? (
                    <span className="mbo-list-sr-only">{t('minus')}</span>
                  ) : sign === '+' ? (
                    <span className="mbo-list-sr-only">{t('plus')}</span>
                  ) : null}
                  {t(`steps.${s.key}`)}
                </th>
                <td>{money(s.kind === 'total' ? s.amount : Math.abs(s.amount))}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
