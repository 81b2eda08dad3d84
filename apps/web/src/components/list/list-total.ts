import { EXACT_COUNT_LIMIT } from '@mbo/contracts/payments';
import { i18n } from '@/i18n/i18n';
import { displayNumber } from '@/lib/formats';

/**
 * A list's total as text in the language in force: exact ("1,204 payments", "共 1,204 条"), or, when
 * the server estimated it above its exact-count limit, "about 1,002,500 payments", or "10,000+
 * payments" at the limit itself. `noun` is the list's, already in that language (list-words.ts).
 */
export function formatListTotal(total: number, noun: { one: string; many: string }, exact = true): string {
  const word = total === 1 && exact ? noun.one : noun.many;
  const t = (key: string, n: number) => i18n.t(`list.${key}`, { ns: 'kit', number: displayNumber(n), noun: word });
  if (exact) return t('total', total);
  if (total <= EXACT_COUNT_LIMIT + 1) return t('totalAtLimit', EXACT_COUNT_LIMIT);
  return t('totalAbout', total);
}
