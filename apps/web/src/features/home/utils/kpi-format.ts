/** 0.9734 → "97.3%"; null (no finished payment) → "—". */
export function formatRate(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '—';
  const pct = rate * 100;
  return `${pct === 100 || pct === 0 ? pct.toFixed(0) : pct.toFixed(1)}%`;
}

/** "2026-05-14" → "May 14". */
export function shortDay(day: string, locale = 'en-US'): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}
