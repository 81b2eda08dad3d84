/**
 * The width a table's columns take side by side (its horizontal scroll width): a column without a number width counts
 * `fallback` px.
 */
export function columnsWidth(columns: readonly { width?: unknown }[], fallback = 200): number {
  return columns.reduce<number>((sum, c) => sum + (typeof c.width === 'number' ? c.width : fallback), 0);
}
