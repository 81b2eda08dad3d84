import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderWithState } from '@/testing/render-with-state';
import { byTime, DetailTimeline } from './detail-timeline';

afterEach(cleanup);

describe('DetailTimeline', () => {
  it('shows the events oldest first, each with its status, time in the user zone and note', () => {
    const { container } = renderWithState(
      <DetailTimeline
        events={[
          {
            key: 'b',
            title: 'Refund failed',
            status: 'Failed',
            at: '2026-05-02T03:10:00.000Z',
            note: 'Card closed',
            tone: 'error',
          },
          { key: 'a', title: 'Refund created', at: '2026-05-02T03:04:05.000Z', tone: 'processing' },
        ]}
      />,
    );
    expect(screen.getByText('Timeline')).toBeTruthy();
    expect(screen.getByText(/^Asia\/Singapore/)).toBeTruthy();
    const items = [...container.querySelectorAll('.ant-timeline-item')].map((el) => el.textContent);
    expect(items).toEqual([
      'Refund created2026-05-02 11:04:05',
      'Refund failed · Failed2026-05-02 11:10:00Card closed',
    ]);
  });

  it('orders events by the instant they name, whatever the offset or precision of their text', () => {
    const events = [
      { key: 'closed', at: '2026-11-27T17:00:00Z' },
      { key: 'settled', at: '2026-11-30T09:00:00.000+01:00' },
      { key: 'opened', at: '2026-11-27T18:30:00.000+02:00' },
      { key: 'same-as-closed', at: '2026-11-27T17:00:00.000Z' },
    ];
    expect(byTime(events).map((e) => e.key)).toEqual(['opened', 'closed', 'same-as-closed', 'settled']);
  });

  it('says so when there are no events', () => {
    renderWithState(<DetailTimeline events={[]} empty="Nothing happened yet." />);
    expect(screen.getByText('Nothing happened yet.')).toBeTruthy();
  });
});
