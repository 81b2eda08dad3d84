/**
 * The width a table's columns take side by side (its horizontal scroll width): a column without a number width counts
 * `fallback` px.
 */
export function columnsWidth(columns: readonly { width?: unknown }[], fallback = 200): number {
  return columns.reduce<number>((sum, c) => sum + (typeof c.width === 'number' ? c.width : fallback), 0);
}

/**
 * The card a list's table sits in at a 1440 px window (the layout less the side menu, the page's and the card's
 * padding): the width the default columns of every list fit in.
 */
export const LIST_CARD_INNER_AT_1440 = 1102;

/** A header cell's padding (16 px each side) and the sort arrows' room beside its title. */
const HEADER_PADDING = 32;
const SORTER_WIDTH = 24;
/** The widest a header letter is at 14 px semi-bold (capitals and "m"/"w" count 9.5 px, the rest 8). */
const WIDE = /[A-Z0-9mw]/;

/**
 * The narrowest a column may be so that no word of its header breaks: the longest word of the title at the header
 * font, its padding, and the sort arrows when it sorts. Headers wrap between words, never inside one.
 */
export function headerMinWidth(title: string, sortable = false): number {
  const longest = title.split(/\s+/).reduce(
    (max, word) =>
      Math.max(
        max,
        [...word].reduce((w, ch) => w + (WIDE.test(ch) ? 9.5 : 8), 0),
      ),
    0,
  );
  return Math.ceil(longest) + HEADER_PADDING + (sortable ? SORTER_WIDTH : 0);
}

/** A column's width: its own, widened to what its header needs (`headerMinWidth`). */
export function fittedWidth(column: { label: string; width?: number; sortField?: string }): number {
  return Math.max(column.width ?? 0, headerMinWidth(column.label, column.sortField !== undefined));
}
