import { describe, expect, it } from 'vitest';
import { chartDayLabels, type DayLabel } from './chart-day-labels';
import { daysFromTo } from './estimation-series';

const width = (text: string) => Math.ceil(text.length * 6.6);

function overlaps(labels: DayLabel[]): boolean {
  const boxes = labels.map((l) => [l.x - width(l.text) / 2, l.x + width(l.text) / 2]);
  return boxes.some(([from, to], i) => boxes.some(([f, t], j) => i !== j && from < t && f < to));
}

describe('chartDayLabels', () => {
  const days = daysFromTo('2026-11-28', '2026-12-27');

  it.each([
    ['a wide chart', 1102],
    ['a phone', 303],
    ['a very narrow card', 160],
  ])('never lets two labels overlap, "Today" always among them, on %s', (_, chartWidth) => {
    for (const today of [days[0], days[1], days[15], days[days.length - 2], days[days.length - 1]]) {
      const left = 60;
      const labels = chartDayLabels({
        days,
        today,
        left,
        slotWidth: (chartWidth - left) / days.length,
        right: chartWidth,
      });
      expect(overlaps(labels)).toBe(false);
      expect(labels.find((l) => l.text === 'Today')?.index).toBe(days.indexOf(today));
      for (const l of labels) {
        expect(l.x - width(l.text) / 2).toBeGreaterThanOrEqual(left);
        expect(l.x + width(l.text) / 2).toBeLessThanOrEqual(chartWidth);
      }
    }
  });

  it('names the days in the short form of the charts, and today as "Today"', () => {
    const labels = chartDayLabels({ days: days.slice(0, 3), today: days[0], left: 0, slotWidth: 100, right: 300 });
    expect(labels.map((l) => l.text)).toEqual(['Today', 'Nov 29', 'Nov 30']);
  });

  it('labels the last day and "Today" even when the day after today would crowd it', () => {
    const labels = chartDayLabels({ days, today: days[0], left: 60, slotWidth: 8, right: 60 + 8 * days.length });
    expect(labels[0].text).toBe('Today');
    expect(labels.at(-1)?.index).toBe(days.length - 1);
    expect(labels.length).toBeGreaterThan(2);
  });
});
