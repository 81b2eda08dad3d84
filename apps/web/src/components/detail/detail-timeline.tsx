import type { ReactNode } from 'react';
import { Empty, Timeline, Typography } from 'antd';
import type { StatusTone } from '@/components/list/status-tag';
import { DetailCard, DetailTime } from './detail-cards';

/** One event of a record's life. */
export interface DetailEvent {
  key: string;
  /** What happened ("Refund created"). */
  title: ReactNode;
  /** The status it led to, in the words of status-labels.ts ("Succeeded"). */
  status?: string | null;
  /** ISO time; shown in the user's zone. */
  at: string;
  note?: ReactNode;
  /** Its dot's colour, the tone of the status tags. */
  tone: StatusTone;
}

const DOT_COLORS: Record<StatusTone, string> = {
  success: 'green',
  error: 'red',
  processing: 'blue',
  warning: 'orange',
  default: 'gray',
};

/** The "Timeline" card: the events oldest first, each with its time in the user's zone (named in the corner). */
export function DetailTimeline({
  events,
  empty = 'No events yet.',
}: {
  events: readonly DetailEvent[];
  empty?: string;
}) {
  const sorted = [...events].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <DetailCard title="Timeline" zone>
      {sorted.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      ) : (
        <Timeline
          className="mbo-detail-timeline"
          items={sorted.map((e) => ({
            key: e.key,
            color: DOT_COLORS[e.tone],
            content: (
              <>
                <Typography.Text strong>{e.title}</Typography.Text>
                {e.status ? <Typography.Text type="secondary"> · {e.status}</Typography.Text> : null}
                <div className="mbo-detail-timeline__time">
                  <DetailTime iso={e.at} />
                </div>
                {e.note ? <div className="mbo-detail-timeline__note">{e.note}</div> : null}
              </>
            ),
          }))}
        />
      )}
    </DetailCard>
  );
}
