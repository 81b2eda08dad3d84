import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '@mbo/contracts/integration';
import { domainLabel, eventGroups, eventsSummary } from './event-groups';

describe('webhook event groups', () => {
  it('groups every event by its domain, in the contract order', () => {
    const groups = eventGroups();
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
    expect(domainLabel('invoice')).toBe('Invoice');
  });

  it('sums an endpoint up in a few words', () => {
    expect(eventsSummary(WEBHOOK_EVENT_TYPES)).toBe(`All events (${WEBHOOK_EVENT_TYPES.length})`);
    expect(eventsSummary(['payment.failed'])).toBe('payment.failed');
    expect(eventsSummary(['payment.failed', 'refund.created', 'refund.failed', 'payout.paid'])).toBe(
      'payment.failed, refund.created and 2 more',
    );
    expect(eventsSummary([])).toBe('No events');
  });
});
