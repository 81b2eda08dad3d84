import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { labelIn, type LabelKind } from '@/i18n/use-label';
import { attemptLabel, cancelChoices, methodText, retrySchedule } from './agreement-status';
import { eventNoteIn } from '@/components/detail/event-note';
import { agreementTimeline } from './agreement-timeline';
import { ACTIVE_AGREEMENT, PAST_DUE_AGREEMENT } from './agreement-fixtures';

const t = i18n.getFixedT('en');
const label = (kind: LabelKind, code: string) => labelIn(i18n, kind, code);

describe('agreement status', () => {
  it('offers both ways to cancel while active, only "now" once past due or set to end, none once final', () => {
    expect(cancelChoices(ACTIVE_AGREEMENT)).toEqual(['PERIOD_END', 'NOW']);
    expect(cancelChoices(PAST_DUE_AGREEMENT)).toEqual(['NOW']);
    expect(cancelChoices({ status: 'ACTIVE', cancelAtPeriodEnd: true })).toEqual(['NOW']);
    expect(cancelChoices({ status: 'CANCELLED', cancelAtPeriodEnd: false })).toEqual([]);
    expect(cancelChoices({ status: 'EXPIRED', cancelAtPeriodEnd: false })).toEqual([]);
  });

  it("lays out a past-due cycle's attempts: the declined ones when they were made, the next, then the planned retries", () => {
    expect(retrySchedule(t, ACTIVE_AGREEMENT)).toEqual([]);
    expect(retrySchedule(t, PAST_DUE_AGREEMENT, PAST_DUE_AGREEMENT.charges)).toEqual([
      { label: 'Due date', offsetDays: 0, at: '2026-05-01T02:00:05.000Z', state: 'declined' },
      { label: 'Retry 1', offsetDays: 1, at: '2026-05-02T02:00:05.000Z', state: 'declined' },
      { label: 'Retry 2', offsetDays: 3, at: '2026-05-04T02:00:00.000Z', state: 'next' },
      { label: 'Retry 3', offsetDays: 7, at: '2026-05-08T02:00:00.000Z', state: 'planned' },
    ]);
  });

  it('names attempts, methods and events in words', () => {
    expect(attemptLabel(t, 0)).toBe('First attempt');
    expect(attemptLabel(t, 2)).toBe('Retry 2');
    expect(methodText('Visa', '4242')).toBe('Visa •••• 4242');
    expect(methodText('PayPal', null)).toBe('PayPal');
    const events = agreementTimeline(
      t,
      label,
      {
        events: [
          ...ACTIVE_AGREEMENT.events,
          {
            type: 'PAUSED_BY_BANK',
            status: 'ACTIVE',
            note: null,
            actor: 'owner@demo.test',
            createdAt: '2026-04-03T00:00:00.000Z',
          },
        ],
      },
      eventNoteIn(i18n),
    );
    expect(events.map((e) => [e.title, e.status, e.tone])).toEqual([
      ['Subscription started', 'Active', 'success'],
      ['Charge declined', 'Past due', 'error'],
      ['Declined charge recovered', 'Active', 'success'],
      ['Paused by bank', 'Active', 'success'],
    ]);
    expect(events[1].note).toBe('Insufficient funds · by Sandbox processor');
    expect(events[3].note).toBe('by owner@demo.test');
  });
});
