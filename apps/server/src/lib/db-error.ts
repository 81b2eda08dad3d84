/** A PostgreSQL error as the drivers report it: SQLSTATE code, constraint name and message. */
export interface DatabaseError {
  code: string;
  constraint?: string;
  /** The table and column of a not-null violation, which names no constraint. */
  table?: string;
  column?: string;
  message: string;
}

/**
 * The database error behind a thrown value, wherever it sits in the cause chain (Drizzle and the
 * drivers wrap it), or undefined when the failure did not come from the database.
 */
export function databaseError(err: unknown): DatabaseError | undefined {
  const seen = new Set<unknown>();
  for (let e: unknown = err; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const { code, constraint, table, column, message } = e as {
      code?: unknown;
      constraint?: unknown;
      table?: unknown;
      column?: unknown;
      message?: unknown;
    };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
      return {
        code,
        constraint: text(constraint),
        table: text(table),
        column: text(column),
        message: text(message) ?? '',
      };
    }
  }
  return undefined;
}
