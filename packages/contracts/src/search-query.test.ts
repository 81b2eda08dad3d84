import { describe, expect, it } from 'vitest';
import { planIsEmpty, planSearch } from './search-query';

describe('planSearch', () => {
  it('names the kind of an id by its prefix, in any case, and spells the id as ids are stored', () => {
    expect(planSearch('pay01abc').ids).toEqual([{ kind: 'PAYMENT', id: 'PAY01ABC' }]);
    expect(planSearch('PBT9').ids).toEqual([{ kind: 'PAYOUT_BATCH', id: 'PBT9' }]);
    expect(planSearch('EVT_01x').ids).toEqual([{ kind: 'WEBHOOK_EVENT', id: 'evt_01X' }]);
    expect(planSearch('key_7').ids).toEqual([{ kind: 'API_KEY', id: 'key_7' }]);
    expect(planSearch('PAY').ids).toEqual([]);
  });

  it('reads an email start only from 3 characters or with an @', () => {
    expect(planSearch('Jo').emailPrefix).toBeNull();
    expect(planSearch('Joh').emailPrefix).toBe('joh');
    expect(planSearch('a@').emailPrefix).toBe('a@');
    expect(planSearch('1234').emailPrefix).toBeNull();
    expect(planSearch("o'neil+x@shop.example").emailPrefix).toBe("o'neil+x@shop.example");
  });

  it('reads an amount with its currency, in either order or glued', () => {
    for (const q of ['12.50 EUR', 'eur 12.50', 'EUR12.50', '12.50eur'])
      expect(planSearch(q).amount, q).toEqual({ currency: 'EUR', minor: 1250 });
    expect(planSearch('1,234.50 USD').amount).toEqual({ currency: 'USD', minor: 123450 });
    expect(planSearch('1500 JPY').amount).toEqual({ currency: 'JPY', minor: 1500 });
    expect(planSearch('12.5 JPY').amount).toBeNull();
    expect(planSearch('0 EUR').amount).toBeNull();
  });

  it('reads a card last 4 with an amount, in every currency the amount can be unless one is named', () => {
    const any = planSearch('4242 12.50').cardAmount!;
    expect(any.last4).toBe('4242');
    expect(any.amounts).toContainEqual({ currency: 'EUR', minor: 1250 });
    expect(any.amounts.some((a) => a.currency === 'JPY')).toBe(false);
    expect(planSearch('12.50 EUR 4242').cardAmount).toEqual({
      last4: '4242',
      amounts: [{ currency: 'EUR', minor: 1250 }],
    });
    expect(planSearch('42 12.50').cardAmount).toBeNull();
  });

  it('runs nothing for text no branch can match', () => {
    expect(planIsEmpty(planSearch('💳 ünïcødé'))).toBe(true);
    expect(planIsEmpty(planSearch('hello world again'))).toBe(true);
    // A short token is still an exact order number or reference (an index lookup), never an email range.
    const short = planSearch('a');
    expect(short).toMatchObject({ reference: 'a', emailPrefix: null, ids: [] });
  });
});
