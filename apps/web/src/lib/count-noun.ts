const RULES = new Intl.PluralRules('en-US');

/** "1 payout", "11 payouts", "1,204 payouts": a count and its noun in the form English gives that count. */
export function countNoun(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${RULES.select(count) === 'one' ? one : many}`;
}
