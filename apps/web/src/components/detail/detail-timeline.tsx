import type { ReactNode } from 'react';
import { Empty, Timeline, Typography } from 'antd';
import type { StatusTone } from '@/components/list/status-tag';
import { DetailCard, DetailTime } from './detail-cards';
import { useTranslation } from '@/i18n/use-translation';

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

const instant = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
};

/**
 * The events oldest first, by the instant each names (not by its text: "…+01:00" and "…Z" times, or
 * times with and without milliseconds, do not sort as text); events at the same instant keep their order.
 */
export function byTime<E extends { at: string }>(events: readonly E[]): E[] {
  return [...events].sort((a, b) => instant(a.at) - instant(b.at));
}

/** The "Timeline" card: the events oldest first, each with its time in the user's zone (named in the corner). */
export function DetailTimeline({ events, empty }: { events: readonly DetailEvent[]; empty?: string }) {
  const sorted = byTime(events);
  const { t } = useTranslation('kit', { keyPrefix: 'detail' });
  return (
    <DetailCard title={t('timeline')} zone>
      {sorted.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty ?? t('noEvents')} />
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
