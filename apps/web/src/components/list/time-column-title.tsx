import { timeZoneLabel } from '@/lib/format-time';

/**
 * The title of a column of times: its label with the zone they are in under it ("Created" over
 * "Europe/Amsterdam (GMT+01:00)"), so the cells can show bare times (formatDateTime).
 */
export function TimeColumnTitle({ label, timeZone }: { label: string; timeZone: string | null | undefined }) {
  const zone = timeZoneLabel(timeZone);
  return (
    <span>
      {label}
      <span className="mbo-list-sub" style={{ fontWeight: 400 }} title={zone}>
        {zone}
      </span>
    </span>
  );
}
