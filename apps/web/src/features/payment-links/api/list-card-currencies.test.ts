import { describe, expect, it } from 'vitest';
import type { UserFeeConfig } from '@mbo/contracts/payin-services';
import { cardCurrenciesOf } from './list-card-currencies';

const fee = (payMethodType: string, currency: string, status: 'ACTIVE' | 'SUSPENDED' = 'ACTIVE') => ({
  serviceId: `PIS-${payMethodType}-${currency}`,
  country: 'DE',
  payMethodType,
  payMethodName: 'X',
  currency,
  status,
  fee: { percentBps: 290, fixedMinor: 30, minimumMinor: null, currency },
});

describe('the currencies a payment link can take', () => {
  it('are those of ACTIVE card services, once each, in the money module order', () => {
    const config: UserFeeConfig = {
      merchantId: 'M1',
      fees: [
        fee('CARD', 'USD'),
        fee('CARD', 'EUR'),
        fee('CARD', 'EUR'),
        fee('EWALLET', 'PHP'),
        fee('CARD', 'JPY', 'SUSPENDED'),
        fee('CARD', 'GBP'),
      ],
    };
    expect(cardCurrenciesOf(config)).toEqual(['USD', 'EUR', 'GBP']);
  });

  it('are none without a card service', () => {
    expect(cardCurrenciesOf({ merchantId: 'M1', fees: [fee('QR', 'SGD')] })).toEqual([]);
  });
});
