import { displayShortDay } from '@/lib/display-day';

/** 0.9734 → "97.3%"; null (no finished payment) → "—". */
export function formatRate(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '—';
  const pct = rate * 100;
  return `${pct === 100 || pct === 0 ? pct.toFixed(0) : pct.toFixed(1)}%`;
}

/** "2026-05-14" → "May 14": the chart axes' one short form of a day (lib/display-day.ts). */
export const shortDay = displayShortDay;
