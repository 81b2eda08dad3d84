import type { SearchResults } from '@mbo/contracts/search';
import { recordPath } from '../utils/record-path';

/** One row of the dialog's listbox: a found record, or a recent search to run again. */
export type SearchOption =
  | { type: 'record'; key: string; path: string; record: SearchResults['groups'][number]['records'][number] }
  | { type: 'recent'; key: string; query: string };

/** The rows in the order the arrow keys walk them: the groups' records in order, or the recent searches. */
export function optionsOf(results: SearchResults | undefined, recent: string[], typed: boolean): SearchOption[] {
  if (!typed) return recent.map((query, i) => ({ type: 'recent', key: `recent-${i}`, query }));
  return (results?.groups ?? []).flatMap((g) =>
    g.records.map((record) => ({
      type: 'record' as const,
      key: `${record.kind}-${record.id}`,
      path: recordPath(record),
      record,
    })),
  );
}

/** The option id an input's aria-activedescendant names. */
export const optionId = (listId: string, key: string) => `${listId}-${key.replace(/[^\w-]/g, '_')}`;
