import type { FaqBlock, FaqEntry } from '../content/faq-entries';

/** The words of a search, lower-cased; quotes and extra spaces ignored. */
export function searchTerms(query: string): string[] {
  return Array.from(new Set(query.toLowerCase().replace(/["“”]/g, ' ').split(/\s+/).filter(Boolean)));
}

function entryText(entry: FaqEntry): string {
  const blocks = entry.answer.map((b: FaqBlock) => (Array.isArray(b) ? b.join(' ') : b));
  return [entry.question, entry.category, ...blocks].join(' ').toLowerCase();
}

/** The entries containing every word of the query (in the question, the category or the answer). */
export function searchFaq(entries: FaqEntry[], query: string): FaqEntry[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return entries;
  return entries.filter((entry) => {
    const text = entryText(entry);
    return terms.every((t) => text.includes(t));
  });
}

export interface TextPart {
  text: string;
  match: boolean;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Splits text into the parts that match one of the terms (case-insensitive) and the rest. */
export function splitMatches(text: string, terms: string[]): TextPart[] {
  if (terms.length === 0 || !text) return [{ text, match: false }];
  // Longest first, so "refund" does not cut "refunds" short.
  const pattern = new RegExp(
    `(${[...terms]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|')})`,
    'gi',
  );
  return text
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, match: terms.includes(part.toLowerCase()) }));
}
