/**
 * The replay dialog's range: wall-clock times picked in the merchant's zone (the picker knows no
 * zones) → the instants the replay call takes, and what is wrong with a range before it is sent
 * (the server checks again: 013001B048).
 */
import type { TFunction } from 'i18next';
import { WEBHOOK_REPLAY_MAX_DAYS } from '@mbo/contracts/integration';
import { formatDateTime } from '@/lib/format-time';
import { zonedWallTimeMs } from '@/lib/zoned-date';

const DAY_MS = 86_400_000;
const WALL_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** "2026-05-14T09:30" read as a time in the zone → the instant (ISO, UTC); null when it is not such a time. */
export function wallTimeToIso(wall: string, timeZone: string | null | undefined): string | null {
  const m = WALL_RE.exec(wall);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0));
  return new Date(zonedWallTimeMs(Date.UTC(y, mo - 1, d, h, mi, s), timeZone)).toISOString();
}

/** The wall-clock time of an instant in the zone, as the picker holds it ("2026-05-14 09:30:00"). */
export function isoToWallTime(iso: string, timeZone: string | null | undefined): string {
  return formatDateTime(iso, timeZone);
}

export interface ReplayRange {
  createdFrom: string;
  createdTo: string;
}

/** What is wrong with a range (instants), or null when it can be replayed (`t`: the `integration` namespace's). */
export function replayRangeError(
  from: string | null,
  to: string | null,
  t: TFunction,
  now: Date = new Date(),
): string | null {
  if (!from || !to) return t('replay.errors.missing');
  const start = Date.parse(from);
  const end = Date.parse(to);
  if (end <= start) return t('replay.errors.order');
  if (end - start > WEBHOOK_REPLAY_MAX_DAYS * DAY_MS)
    return t('replay.errors.tooLong', { days: WEBHOOK_REPLAY_MAX_DAYS });
  if (start > now.getTime()) return t('replay.errors.future');
  return null;
}

/** The last `hours` hours up to now, as instants (the dialog's presets). */
export function lastHours(hours: number, now: Date = new Date()): ReplayRange {
  return { createdFrom: new Date(now.getTime() - hours * 3_600_000).toISOString(), createdTo: now.toISOString() };
}
