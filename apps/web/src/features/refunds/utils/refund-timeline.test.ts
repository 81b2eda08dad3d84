import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { eventNoteIn } from '@/components/detail/event-note';
import { eventTitle as title, refundTimeline as timeline } from './refund-timeline';

const words = i18n.getFixedT('en', 'refunds', 'timeline');
const eventTitle = (type: string) => title(type, words);
const refundTimeline = (refund: Parameters<typeof timeline>[0]) => timeline(refund, words, eventNoteIn(i18n));

describe('refundTimeline', () => {
  it('sorts the server events oldest first and colours them by outcome', () => {
    const t = refundTimeline({
      status: 'FAILED',
      createdAt: '2026-05-01T00:00:00Z',
      finishedAt: '2026-05-01T00:05:00Z',
      failureReason: 'Card closed',
      events: [
        { type: 'REFUND_FAILED', status: 'FAILED', note: 'Card closed', at: '2026-05-01T00:05:00Z' },
        { type: 'REFUND_CREATED', status: 'PROCESSING', note: null, at: '2026-05-01T00:00:00Z' },
      ],
    });
    expect(t.map((e) => [e.title, e.tone])).toEqual([
      ['Refund created', 'processing'],
      ['Refund failed', 'error'],
    ]);
  });

  it('falls back to the refund times without events', () => {
    const t = refundTimeline({ status: 'SUCCESS', createdAt: 'a', finishedAt: 'b', failureReason: null, events: [] });
    expect(t.map((e) => e.title)).toEqual(['Refund requested', 'Refund succeeded']);
    expect(
      refundTimeline({ status: 'PROCESSING', createdAt: 'a', finishedAt: null, failureReason: null, events: [] }),
    ).toHaveLength(1);
  });

  it('titles event types', () => {
    expect(eventTitle('REFUND_SUCCEEDED')).toBe('Refund succeeded');
    expect(eventTitle('refund.created')).toBe('Refund created');
    expect(eventTitle('CREATED')).toBe('Refund requested');
    expect(eventTitle('SUCCEEDED')).toBe('Refund succeeded');
    expect(eventTitle('SUCCESS')).toBe('Refund succeeded');
  });
});
