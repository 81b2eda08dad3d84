/**
 * OpenAPI documents made from zod schemas (the merchant API's and the back-office's): what both keep of the components.
 */
type Components = { schemas?: Record<string, unknown> } | undefined;

const refsIn = (value: unknown): string[] =>
  [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1]));

/**
 * Only the components the paths use, and what those use: the zod registry also yields the input
 * form of response objects and the output form of requests, which no call has. A request's
 * component loses the registry's "Input" suffix when no output form of it is used. `alwaysKeep`:
 * components no call answers but the document should show (the objects webhook events carry).
 */
export function withUsedSchemasOnly<D extends object>(doc: D, alwaysKeep: readonly string[] = []): D {
  const components = (doc as { components?: Components }).components;
  const schemas = components?.schemas ?? {};
  const keep = new Set<string>();
  const todo = [...alwaysKeep, ...refsIn({ ...doc, components: { ...components, schemas: {} } })];
  while (todo.length) {
    const name = todo.pop()!;
    if (keep.has(name) || !(name in schemas)) continue;
    keep.add(name);
    todo.push(...refsIn(schemas[name]));
  }
  const renamed = new Map(
    [...keep].filter((n) => n.endsWith('Input') && !keep.has(n.slice(0, -5))).map((n) => [n, n.slice(0, -5)]),
  );
  const used = Object.fromEntries(
    [...keep].map((n) => [renamed.get(n) ?? n, schemas[n]]).sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
  let json = JSON.stringify({ ...doc, components: { ...components, schemas: used } });
  for (const [from, to] of renamed)
    json = json.replaceAll(`"#/components/schemas/${from}"`, `"#/components/schemas/${to}"`);
  return JSON.parse(json) as D;
}
