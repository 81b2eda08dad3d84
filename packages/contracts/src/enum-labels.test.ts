/// <reference types="vite/client" />
/**
 * Every enum of the contracts has its words: the test reads every export of every module, so a new
 * enum (a `[...] as const` list of codes, or a z.enum inside a schema) is caught without anyone
 * adding it here.
 */
import { describe, expect, it } from 'vitest';
import { ENUM_LABELS, ENUMS_NOT_SHOWN } from './enum-labels';
import { ENUM_LABELS_ZH_CN } from './enum-labels-zh-cn';
import { label } from './labels';

const modules = import.meta.glob(['./**/*.ts', '!./**/*.test.ts'], { eager: true }) as Record<
  string,
  Record<string, unknown>
>;

interface ZodLike {
  _zod: { def: Record<string, unknown> & { type: string } };
}
const isZod = (v: unknown): v is ZodLike =>
  typeof v === 'object' && v !== null && '_zod' in v && typeof (v as ZodLike)._zod?.def?.type === 'string';

/** Every z.enum reachable from a schema, with the path it was found at. */
function zodEnums(schema: unknown, path: string, out: { path: string; codes: string[] }[], seen = new Set()): void {
  if (!isZod(schema) || seen.has(schema)) return;
  seen.add(schema);
  const def = schema._zod.def;
  const walk = (inner: unknown, at = path) => zodEnums(inner, at, out, seen);
  switch (def.type) {
    case 'enum':
      out.push({ path, codes: Object.values(def.entries as Record<string, string>).map(String) });
      return;
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) walk(value, `${path}.${key}`);
      return;
    case 'array':
      return walk(def.element, `${path}[]`);
    case 'record':
      walk(def.keyType, `${path}{key}`);
      return walk(def.valueType, `${path}{}`);
    case 'union':
      return (def.options as unknown[]).forEach((o) => walk(o));
    case 'intersection':
      walk(def.left);
      return walk(def.right);
    case 'pipe':
      walk(def.in);
      return walk(def.out);
    case 'lazy':
      return walk((def.getter as () => unknown)());
    default:
      if ('innerType' in def) walk(def.innerType); // optional, nullable, default, readonly, catch, …
  }
}

/** The exported lists of string codes, by export name (the same list exported twice is one enum). */
const codeLists = new Map<string, readonly string[]>();
/** Each list definition's column titles (lists/*.ts): the words of its column keys. */
const columnTitles: Record<string, string>[] = [];
const schemaEnums: { path: string; codes: string[] }[] = [];
for (const [file, exports] of Object.entries(modules)) {
  for (const [name, value] of Object.entries(exports)) {
    if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) {
      codeLists.set(name, value as string[]);
    } else if (isZod(value)) {
      zodEnums(value, `${file.slice(2)}:${name}`, schemaEnums);
    } else if (typeof value === 'object' && value !== null && Array.isArray((value as { columns?: unknown }).columns)) {
      const columns = (value as { columns: { key?: unknown; label?: unknown }[] }).columns;
      if (columns.every((c) => typeof c.key === 'string' && typeof c.label === 'string'))
        columnTitles.push(Object.fromEntries(columns.map((c) => [c.key as string, c.label as string])));
    }
  }
}

const labelled = (codes: readonly string[], table: Readonly<Record<string, string>>) =>
  codes.every((c) => Object.hasOwn(table, c) && typeof table[c] === 'string' && table[c].trim() !== '');
const columnKeysTitled = (codes: readonly string[]) => columnTitles.some((titles) => labelled(codes, titles));

describe('the label map (enum-labels.ts)', () => {
  it('finds the enums of the contracts (the walk itself works)', () => {
    expect(codeLists.get('PAYMENT_STATUSES')).toEqual(['PENDING', 'SUCCESS', 'FAILED', 'CANCELLED']);
    expect(codeLists.has('PERMISSION_CODES')).toBe(true);
    expect(schemaEnums.find((e) => e.path === 'payments-schemas.ts:paymentRecordSchema.status')?.codes).toEqual([
      'PENDING',
      'SUCCESS',
      'FAILED',
      'CANCELLED',
    ]);
    expect(codeLists.size).toBeGreaterThan(60);
    expect(columnTitles.length).toBeGreaterThan(10);
  });

  it('gives every code of every exported enum its words, unless the enum is listed as never shown', () => {
    const missing: string[] = [];
    for (const [name, codes] of codeLists) {
      if (name in ENUMS_NOT_SHOWN) continue;
      if (name.endsWith('_COLUMN_KEYS') && columnKeysTitled(codes)) continue;
      const table = (ENUM_LABELS as Readonly<Record<string, Readonly<Record<string, string>>>>)[name];
      if (!table) missing.push(`${name}: no label table (add one to code-labels.ts and ENUM_LABELS)`);
      else if (!labelled(codes, table))
        missing.push(`${name}: no words for ${codes.filter((c) => !Object.hasOwn(table, c)).join(', ')}`);
    }
    expect(missing).toEqual([]);
  });

  it('finds every z.enum of the schemas among the named, labelled enums', () => {
    const known = [...codeLists]
      .filter(([name]) => name in ENUM_LABELS || name in ENUMS_NOT_SHOWN || name.endsWith('_COLUMN_KEYS'))
      .map(([, codes]) => new Set(codes));
    const inline = schemaEnums
      .filter((e) => !known.some((codes) => e.codes.every((c) => codes.has(c))))
      .map((e) => `${e.path}: [${e.codes.join(', ')}] (export it as a named list of codes and label it)`);
    expect(inline).toEqual([]);
  });

  it('says why for every enum it does not label, and names only enums that exist', () => {
    for (const reason of Object.values(ENUMS_NOT_SHOWN)) expect(reason.length).toBeGreaterThan(10);
    const stale = [...Object.keys(ENUMS_NOT_SHOWN), ...Object.keys(ENUM_LABELS)].filter((name) => !codeLists.has(name));
    expect(stale).toEqual([]);
    const both = Object.keys(ENUMS_NOT_SHOWN).filter((name) => name in ENUM_LABELS);
    expect(both).toEqual([]);
  });

  it('has the Simplified Chinese words of every code it has in English, and no other', () => {
    const gaps: string[] = [];
    for (const [kind, english] of Object.entries(ENUM_LABELS)) {
      const chinese: Readonly<Record<string, string>> | undefined = (
        ENUM_LABELS_ZH_CN as Record<string, Readonly<Record<string, string>>>
      )[kind];
      if (!chinese) {
        gaps.push(`${kind}: no zh-CN table (add it to enum-labels-zh-cn.ts)`);
        continue;
      }
      const missing = Object.keys(english).filter((c) => !labelled([c], chinese));
      const extra = Object.keys(chinese).filter((c) => !Object.hasOwn(english, c));
      if (missing.length) gaps.push(`${kind}: no zh-CN words for ${missing.join(', ')}`);
      if (extra.length) gaps.push(`${kind}: zh-CN words for unknown codes ${extra.join(', ')}`);
    }
    expect(Object.keys(ENUM_LABELS_ZH_CN).filter((kind) => !(kind in ENUM_LABELS))).toEqual([]);
    expect(gaps).toEqual([]);
  });

  it('reads a code in either language, falling back to English, then to the code in words', () => {
    expect(label('PAYMENT_STATUSES', 'SUCCESS', 'en')).toBe('Succeeded');
    expect(label('PAYMENT_STATUSES', 'SUCCESS', 'zh-CN')).toBe('成功');
    expect(label('WEBHOOK_EVENT_TYPES', 'payment.failed', 'zh-CN')).toBe('支付失败');
    expect(label('PAYMENT_STATUSES', 'NEW_STATE', 'zh-CN')).toBe('New state');
  });
});
