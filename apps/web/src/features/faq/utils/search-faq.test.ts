import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { FAQ_CATEGORIES, faqEntries, type FaqEntry } from '../content/faq-entries';

const FAQ_ENTRIES = faqEntries(i18n.getFixedT('en', 'faq'));
import { searchFaq, searchTerms, splitMatches } from './search-faq';

const entry = (id: string, question: string, answer: FaqEntry['answer']): FaqEntry => ({
  id,
  category: 'Refunds',
  question,
  answer,
});

describe('searchTerms', () => {
  it('lower-cases, splits on spaces, drops quotes and repeats', () => {
    expect(searchTerms('  "Refund"  PERIOD refund ')).toEqual(['refund', 'period']);
    expect(searchTerms('   ')).toEqual([]);
  });
});

describe('searchFaq', () => {
  const entries = [
    entry('a', 'How do I refund?', ['Open the payment.']),
    entry('b', 'Test cards', [['4242 4242 4242 4242: succeeds']]),
  ];

  it('returns everything for an empty query', () => {
    expect(searchFaq(entries, '')).toHaveLength(2);
  });

  it('matches every word, in the question or in the answer, including bullet lists', () => {
    expect(searchFaq(entries, 'refund payment').map((e) => e.id)).toEqual(['a']);
    expect(searchFaq(entries, 'SUCCEEDS').map((e) => e.id)).toEqual(['b']);
    expect(searchFaq(entries, 'open succeeds')).toEqual([]);
  });

  it('finds the refund rules in the real content', () => {
    const ids = searchFaq(FAQ_ENTRIES, '180 days').map((e) => e.id);
    expect(ids).toContain('refund-rules');
    expect(searchFaq(FAQ_ENTRIES, 'no decimals').length).toBeGreaterThan(0);
  });
});

describe('the content', () => {
  it('has at least 15 entries with unique ids, in every category', () => {
    expect(FAQ_ENTRIES.length).toBeGreaterThanOrEqual(15);
    expect(new Set(FAQ_ENTRIES.map((e) => e.id)).size).toBe(FAQ_ENTRIES.length);
    for (const c of FAQ_CATEGORIES) expect(FAQ_ENTRIES.some((e) => e.category === c)).toBe(true);
  });

  it('lists the sandbox test cards from the contracts', () => {
    const text = JSON.stringify(FAQ_ENTRIES.find((e) => e.id === 'test-cards'));
    expect(text).toContain('4242 4242 4242 4242');
    expect(text).toContain('4000 0000 0000 0002');
  });
});

describe('splitMatches', () => {
  it('marks the matching parts, case-insensitive, keeping the original case', () => {
    expect(splitMatches('Refunds and refund rules', ['refund'])).toEqual([
      { text: 'Refund', match: true },
      { text: 's and ', match: false },
      { text: 'refund', match: true },
      { text: ' rules', match: false },
    ]);
  });

  it('prefers the longest term and escapes special characters', () => {
    expect(
      splitMatches('refunds (T+2)', ['refund', 'refunds', '(t+2)'])
        .filter((p) => p.match)
        .map((p) => p.text),
    ).toEqual(['refunds', '(T+2)']);
  });

  it('returns the text whole without terms', () => {
    expect(splitMatches('abc', [])).toEqual([{ text: 'abc', match: false }]);
  });
});
