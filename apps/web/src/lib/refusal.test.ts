import { describe, expect, it } from 'vitest';
import { pageRefusalCause, refusalWords } from './refusal';

const DEMO_STORE = { merchantName: 'Demo Store', merchantSignProducts: 'DIRECT_PAYMENT', roleName: 'Owner' } as const;
const PAYOUT_CO = { merchantName: 'Payout Co', merchantSignProducts: 'PAYOUT', roleName: 'Viewer' } as const;

describe('refusals name their cause and who can change it', () => {
  it('product: a payments merchant on a Payouts page (Demo Store owner on /payout/create)', () => {
    const cause = pageRefusalCause('/payout/create', DEMO_STORE);
    expect(cause).toEqual({ kind: 'product', merchantName: 'Demo Store', product: 'PAYOUT' });
    const words = refusalWords(cause);
    expect(words.reason).toBe('This page is part of the Payouts product, which Demo Store does not have.');
    expect(words.remedy).toBe('Contact your account manager at the provider to enable it.');
    expect(`${words.reason} ${words.remedy}`).not.toMatch(/role/i);
  });

  it('product: a payout merchant on a Payments page; not on the report centre both products have', () => {
    expect(pageRefusalCause('/transactions/payments_detail?paymentId=P1', PAYOUT_CO)).toMatchObject({
      kind: 'product',
      product: 'DIRECT_PAYMENT',
    });
    expect(pageRefusalCause('/transactions/reports', PAYOUT_CO).kind).toBe('role');
  });

  it('role: a page the merchant has but the role does not, with the owner or admin who can give it', () => {
    const cause = pageRefusalCause('/settings/team', PAYOUT_CO);
    expect(cause).toEqual({ kind: 'role', merchantName: 'Payout Co', roleName: 'Viewer' });
    expect(refusalWords(cause)).toEqual({
      reason: 'Your role (Viewer) at Payout Co does not include this page.',
      remedy: 'Ask an owner or admin of Payout Co to give your role access to it.',
    });
    // Unknown user (the state not loaded): the role, with no name to guess.
    expect(pageRefusalCause('/payout/create', null)).toEqual({ kind: 'role', merchantName: 'your merchant' });
  });

  it('sub-merchant scope: the sub-merchants the access is limited to, and who can widen it', () => {
    expect(
      refusalWords({
        kind: 'scope',
        merchantName: 'Demo Store Europe',
        homeMerchantName: 'Demo Store',
        allowed: ['Demo Store Asia', 'Demo Store Africa'],
      }),
    ).toEqual({
      reason:
        'Your access is limited to these sub-merchants: Demo Store Asia and Demo Store Africa, and Demo Store Europe is not one of them.',
      remedy: 'An owner or admin of Demo Store can widen it.',
    });
  });
});
