/** Scales and labels shared by the hand-drawn SVG charts (no charting library in the bundle). */
import { minorPerMajor, toMajor } from '@mbo/contracts/money';

/**
 * A short money label for chart axes and tiles, by the same rule as lib/display-money (the ISO code
 * after the figure, never a symbol): 1234567 cents USD → "12.3K USD" (rounded: display only).
 */
export function compactMoney(minor: number, currency: string, locale = 'en-US'): string {
  const figure = new Intl.NumberFormat(locale, {
    notation: 'compact',
    maximumFractionDigits: minor === 0 ? 0 : 1,
  }).format(toMajor(minor, currency));
  return `${figure}\u00a0${currency}`;
}

/**
 * A chart's value axis: gridlines on round steps (1, 2, 2.5 or 5 × 10^n in major units), about
 * `lines` of them, and the top at the first step at or above the largest value. Minor units in and out.
 */
export function niceAxis(maxMinor: number, currency: string, lines = 4): { max: number; step: number } {
  const unit = minorPerMajor(currency);
  const major = maxMinor / unit;
  if (major <= 0) return { max: unit * lines, step: unit };
  const raw = major / lines;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((s) => s * magnitude >= raw) ?? 10) * magnitude;
  // Whole minor units (a step below one minor unit only happens for tiny amounts).
  const stepMinor = Math.max(1, Math.round(step * unit));
  return { max: Math.ceil(maxMinor / stepMinor) * stepMinor, step: stepMinor };
}
