/**
 * The words of a list in the language in force. A list definition (packages/contracts/src/lists)
 * holds its English words: its noun, its columns' labels and its filters' labels and placeholders.
 * Their translations live in the `lists` namespace under the list's key (i18n/README.md):
 *
 *   "payments": { "noun_one": "payment", "noun_other": "payments",
 *                 "columns": { "amount": "Amount" },
 *                 "filters": { "q": { "label": "Search", "placeholder": "Payment ID or order number" } } }
 *
 * A filter is keyed by its urlKey (a date range by its fromKey, an amount range by its minKey). A
 * word the namespace lacks reads as the definition's English, so a list not converted yet still reads.
 */
import type { TFunction } from 'i18next';
import type { ListColumn, ListDefinition, ListFilter } from '@mbo/contracts/lists/list-definition';

type Def = Pick<ListDefinition, 'key' | 'noun'>;

/** The key of a filter under `filters`. */
export function filterKey(f: ListFilter): string {
  switch (f.type) {
    case 'dateRange':
      return f.fromKey;
    case 'amountRange':
      return f.minKey;
    default:
      return f.urlKey;
  }
}

export interface ListWords {
  /** "payment" (count 1) / "payments"; Chinese has one form. */
  noun: (count: number) => string;
  /** The noun's two forms, for formatListTotal. */
  nouns: { one: string; many: string };
  column: (c: Pick<ListColumn, 'key' | 'label'>) => string;
  filterLabel: (f: ListFilter) => string;
  filterPlaceholder: (f: ListFilter & { placeholder: string }) => string;
}

/** A list's words through `t` (useTranslation's, so a change of language renders them anew). */
export function listWords(t: TFunction, def: Def): ListWords {
  const ns = 'lists';
  const noun = (count: number) =>
    t(`${def.key}.noun`, { ns, count, defaultValue: count === 1 ? def.noun.one : def.noun.many });
  return {
    noun,
    nouns: { one: noun(1), many: noun(2) },
    column: (c) => t(`${def.key}.columns.${c.key}`, { ns, defaultValue: c.label }),
    filterLabel: (f) => t(`${def.key}.filters.${filterKey(f)}.label`, { ns, defaultValue: f.label }),
    filterPlaceholder: (f) => t(`${def.key}.filters.${filterKey(f)}.placeholder`, { ns, defaultValue: f.placeholder }),
  };
}
