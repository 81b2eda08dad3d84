import { displayShortDay } from '@/lib/display-day';

/** One label under a day chart's x axis: the slot it names, its text and the centre it is drawn at. */
export interface DayLabel {
  index: number;
  text: string;
  x: number;
}

export interface DayLabelLayout {
  /** The days of the slots, in order (YYYY-MM-DD). */
  days: readonly string[];
  /** Labelled "Today" instead of its date. */
  today: string;
  /** Where the slots start (after the y axis) and how wide each is, in px. */
  left: number;
  slotWidth: number;
  /** The chart's width: no label reaches past it. */
  right: number;
  /** The word for today, in the language in force ("Today" by default). */
  todayText?: string;
  /** The width of a label's text, in px (11 px tabular figures by default). */
  textWidth?: (text: string) => number;
}

/** 11 px system-font text, tabular figures: a little over 6 px a character, rounded up. */
const estimateWidth = (text: string) => Math.ceil(text.length * 6.6);
const GAP = 10;

/**
 * The x-axis labels of a chart of one slot per day that never overlap: "Today" first, then the last
 * day and the first, then every n-th day counted back from the last (n from the room there is), each
 * kept only when it clears every label already placed by GAP px. A label near an edge is moved in so
 * it stays inside the chart.
 */
export function chartDayLabels({
  days,
  today,
  left,
  slotWidth,
  right,
  todayText = 'Today',
  textWidth = estimateWidth,
}: DayLabelLayout): DayLabel[] {
  const n = days.length;
  if (n === 0) return [];
  const textOf = (i: number) => (days[i] === today ? todayText : displayShortDay(days[i]));
  const widest = Math.max(...days.map((_, i) => textWidth(textOf(i))));
  const every = Math.max(1, Math.ceil((widest + GAP) / Math.max(1, slotWidth)));
  const order: number[] = [];
  const todayAt = days.indexOf(today);
  if (todayAt >= 0) order.push(todayAt);
  order.push(n - 1, 0);
  for (let i = n - 1; i >= 0; i -= every) order.push(i);

  const placed: (DayLabel & { from: number; to: number })[] = [];
  for (const index of new Set(order)) {
    const text = textOf(index);
    const w = textWidth(text);
    const centre = left + slotWidth * (index + 0.5);
    const x = Math.min(Math.max(centre, left + w / 2), right - w / 2);
    const from = x - w / 2;
    const to = x + w / 2;
    if (placed.every((p) => to + GAP <= p.from || from >= p.to + GAP)) placed.push({ index, text, x, from, to });
  }
  return placed.sort((a, b) => a.index - b.index).map(({ index, text, x }) => ({ index, text, x }));
}
