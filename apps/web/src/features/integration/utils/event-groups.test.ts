import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '@mbo/contracts/integration';
import { i18n } from '@/i18n/i18n';
import { domainLabel, eventGroups, eventsSummary } from './event-groups';

const t = i18n.getFixedT('en', 'integration');

describe('webhook event groups', () => {
  it('groups every event by its domain, in the contract order', () => {
    const groups = eventGroups(t);
    expect(groups.map((g) => g.label)).toEqual([
      'Payments',
      'Refunds',
      'Disputes',
      'Settlements',
      'Payouts',
      'Subscriptions',
    ]);
    expect(groups[0].types).toEqual(['payment.succeeded', 'payment.failed']);
    expect(groups.flatMap((g) => g.types)).toEqual(WEBHOOK_EVENT_TYPES);
    expect(domainLabel('invoice', t)).toBe('Invoice');
  });

  it('sums an endpoint up in a few words', () => {
    expect(eventsSummary(WEBHOOK_EVENT_TYPES, t)).toBe(`All events (${WEBHOOK_EVENT_TYPES.length})`);
    expect(eventsSummary(['payment.failed'], t)).toBe('payment.failed');
    expect(eventsSummary(['payment.failed', 'refund.created', 'refund.failed', 'payout.paid'], t)).toBe(
      'payment.failed, refund.created and 2 more',
    );
    expect(eventsSummary([], t)).toBe('No events');
  });

  it('speaks Simplified Chinese', () => {
    const zh = i18n.getFixedT('zh-CN', 'integration');
    expect(eventGroups(zh)[0].label).toBe('支付');
    expect(eventsSummary([], zh)).toBe('无事件');
  });
});
