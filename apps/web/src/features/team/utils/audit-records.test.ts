import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { labelIn } from '@/i18n/use-label';
import {
  auditActionLabel,
  auditDetailEntries,
  auditRecordHref,
  auditRecordLabel,
  auditRecordText,
  humanizeDetailKey,
} from './audit-records';

const t = i18n.getFixedT('en');
const label = (kind: Parameters<typeof labelIn>[1], code: string) => labelIn(i18n, kind, code);

const ALL_PAGES = [
  '/transactions/payments_detail',
  '/transactions/refunds_detail',
  '/transactions/disputes/detail',
  '/transactions/payment_link/detail',
  '/account/withdraw',
  '/payout/history/detail',
  '/payout/history/batch/detail',
  '/subscription/agreements/detail',
];

describe('audit records', () => {
  it('labels actions, known or not', () => {
    expect(auditActionLabel(label, 'MEMBER_ROLE_CHANGED')).toBe('Role changed');
    expect(auditActionLabel(label, 'SOMETHING_NEW')).toBe('Something new');
  });

  it('links each record type to the page and parameter its page reads', () => {
    const href = (targetType: string, targetId = 'X 1') => auditRecordHref({ targetType, targetId }, ALL_PAGES);
    expect(href('PAYMENT')).toBe('/transactions/payments_detail?paymentId=X%201');
    expect(href('REFUND')).toBe('/transactions/refunds_detail?refundId=X%201');
    expect(href('DISPUTE')).toBe('/transactions/disputes/detail?disputeId=X%201');
    expect(href('PAYMENT_LINK')).toBe('/transactions/payment_link/detail?linkId=X%201');
    expect(href('payment_link')).toBe('/transactions/payment_link/detail?linkId=X%201');
    expect(href('WITHDRAWAL')).toBe('/account/withdraw?withdrawalId=X%201');
    expect(href('PAYOUT')).toBe('/payout/history/detail?payoutId=X%201');
    expect(href('PAYOUT_BATCH')).toBe('/payout/history/batch/detail?batchId=X%201');
    expect(href('AGREEMENT')).toBe('/subscription/agreements/detail?agreementId=X%201');
    expect(href('USER')).toBeNull();
    expect(href('BANK_ACCOUNT')).toBeNull();
    expect(auditRecordHref({ targetType: 'PAYMENT', targetId: 'P1' }, ['/transactions/payments'])).toBeNull();
    expect(auditRecordHref({ targetType: null, targetId: 'P1' }, ALL_PAGES)).toBeNull();
  });

  it('names a user by the email of the event, other records by id', () => {
    expect(auditRecordText({ targetType: 'USER', targetId: 'u1', detail: { email: 'a@b.test' } })).toBe('a@b.test');
    expect(auditRecordText({ targetType: 'USER', targetId: 'u1', detail: {} })).toBe('u1');
    expect(auditRecordText({ targetType: 'REFUND', targetId: 'R1', detail: { email: 'a@b.test' } })).toBe('R1');
    expect(auditRecordText({ targetType: 'ROLE', targetId: 'CUSTOM_1A', detail: { name: 'Support' } })).toBe('Support');
    expect(auditRecordLabel(t, 'ROLE')).toBe('Role');
    expect(auditRecordLabel(t, 'payout_batch')).toBe('Payout batch');
    expect(auditRecordLabel(t, 'SOMETHING')).toBe('Something');
  });

  it('turns a detail into label/value text', () => {
    expect(humanizeDetailKey('requireTwoFactor')).toBe('Require two factor');
    expect(humanizeDetailKey('ip_address')).toBe('Ip address');
    expect(
      auditDetailEntries(t, {
        via: 'PASSWORD_CHANGE',
        requireTwoFactor: false,
        count: 3,
        ids: ['a', 'b'],
        none: null,
        nested: { a: 1 },
      }),
    ).toEqual([
      ['Via', 'PASSWORD_CHANGE'],
      ['Require two factor', 'No'],
      ['Count', '3'],
      ['Ids', 'a, b'],
      ['None', '—'],
      ['Nested', '{"a":1}'],
    ]);
    expect(auditDetailEntries(t, null)).toEqual([]);
  });
});
