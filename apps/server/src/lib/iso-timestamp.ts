/**
 * A timestamp as the API answers it (ISO 8601, UTC). The drivers give a timestamptz column as a Date
 * (node-postgres) or a string (PGlite, raw SQL), so both are accepted.
 */
export function iso(value: string | Date): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function isoOrNull(value: string | Date | null): string | null {
  return value === null ? null : iso(value);
}
