/**
 * Key parity: every namespace exists in every language, with the same keys, no {{placeholder}} the
 * English does not have, and no empty text. Walks the loaders the app itself uses (i18n.ts), so a
 * resource file of a new namespace, or a key added in one language only, fails here.
 * `npx vitest run --project web src/i18n`.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@mbo/contracts/locale';
import { resourceLoaders } from './i18n';

type Tree = { [key: string]: string | Tree };

/** "a.b.c" → text, for every leaf (arrays are not used in the resources). */
function flatten(tree: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (tree && typeof tree === 'object' && !Array.isArray(tree)) {
    for (const [key, value] of Object.entries(tree as Tree)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, tree);
  }
  return out;
}

const placeholders = (text: unknown) =>
  typeof text === 'string' ? [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort() : [];

/** i18next plural forms: "count_one" / "count_other" differ by language (Chinese has only _other). */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');

const loaders = resourceLoaders();
const loaded = Object.fromEntries(
  await Promise.all(
    LOCALES.map(async (lng) => {
      const entries = await Promise.all(
        Object.entries(loaders[lng]).map(async ([ns, load]) => [ns, flatten(await load())] as const),
      );
      return [lng, new Map(entries)] as const;
    }),
  ),
) as Record<(typeof LOCALES)[number], Map<string, Map<string, unknown>>>;

describe('the resources of every language (key parity)', () => {
  it('has the same namespaces in every language', () => {
    const names = LOCALES.map((lng) => [...loaded[lng].keys()].sort());
    for (const list of names) expect(list).toEqual(names[0]);
    expect(names[0]).toEqual(
      expect.arrayContaining(['common', 'errors', 'labels', 'auth', 'auth-links', 'shell', 'kit']),
    );
  });

  for (const ns of [...loaded.en.keys()].sort()) {
    it(`has the same keys and placeholders in every language: ${ns}`, () => {
      const problems: string[] = [];
      const [first, ...others] = LOCALES;
      const keysOf = (lng: (typeof LOCALES)[number]) => new Set([...(loaded[lng].get(ns)?.keys() ?? [])].map(base));
      for (const lng of others) {
        const a = keysOf(first);
        const b = keysOf(lng);
        for (const key of a) if (!b.has(key)) problems.push(`${lng} lacks ${ns}:${key}`);
        for (const key of b) if (!a.has(key)) problems.push(`${first} lacks ${ns}:${key}`);
      }
      for (const lng of LOCALES) {
        for (const [key, text] of loaded[lng].get(ns) ?? []) {
          if (typeof text !== 'string' || text.trim() === '') problems.push(`${lng} ${ns}:${key} is empty`);
          // A translation may leave a value out (Chinese needs no noun after a count); it never adds one.
          const twin = [...(loaded[first].get(ns) ?? [])].find(([k]) => base(k) === base(key))?.[1];
          const known = new Set([...placeholders(twin), 'count']);
          const unknown = placeholders(text).filter((p) => !known.has(p));
          if (unknown.length)
            problems.push(`${lng} ${ns}:${key} uses {{${unknown.join('}}, {{')}}} that ${first} does not`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
