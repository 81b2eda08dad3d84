import { EXACT_COUNT_LIMIT } from '@mbo/contracts/payments';

/**
 * A list's total as text: exact ("1,204 payments"), or, when the server estimated it above its
 * exact-count limit, "about 1,002,500 payments", or "10,000+ payments" at the limit itself.
 */
export function formatListTotal(total: number, noun: { one: string; many: string }, exact = true): string {
  const word = total === 1 && exact ? noun.one : noun.many;
  if (exact) return `${total.toLocaleString('en-US')} ${word}`;
  if (total <= EXACT_COUNT_LIMIT + 1) return `${EXACT_COUNT_LIMIT.toLocaleString('en-US')}+ ${word}`;
  return `about ${total.toLocaleString('en-US')} ${word}`;
}
