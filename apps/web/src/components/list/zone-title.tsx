import { timeZoneLabel, timeZoneOffsetLabel } from '@/lib/format-time';
import './list.css';

/**
 * The zone of a time column, on its own line under the column's title: the offset ("GMT+01:00"), which fits any
 * time column, with the zone's full name ("Europe/Amsterdam (GMT+01:00)") on hover and for screen readers.
 */
export function ZoneSubLabel({ timeZone }: { timeZone: string | null | undefined }) {
  const full = timeZoneLabel(timeZone);
  return (
    <span className="mbo-list-sub mbo-list-zone" title={full}>
      <span aria-hidden="true">{timeZoneOffsetLabel(timeZone)}</span>
      <span className="mbo-list-sr-only">{full}</span>
    </span>
  );
}

/** A time column's title with its zone under it ("Created" / "GMT+01:00"). */
export function TimeColumnTitle({ title, timeZone }: { title: string; timeZone: string | null | undefined }) {
  return (
    <span>
      {title}
      <ZoneSubLabel timeZone={timeZone} />
    </span>
  );
}
