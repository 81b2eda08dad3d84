/**
 * A text column's value as one of the values its CHECK (or the API's validation of every write) allows, typed so
 * (the schema types the column as text); another value throws.
 */
export function oneOf<T extends string>(values: readonly T[], value: string): T {
  const known = values.find((v) => v === value);
  if (known === undefined)
    throw new Error(`unexpected value ${JSON.stringify(value)}, not one of ${values.join(', ')}`);
  return known;
}
