import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long until an open batch's cut-off, in words: "closes in 42 min", "closes in 3 h 20 min",
 * "closes in 15 h", "closes in 2 d 4 h". A cut-off that has passed (the closing job has not run
 * yet) reads "closing now".
 */
export function batchCountdown(closesAt: string, now: number, t: TFunction): string {
  const left = Date.parse(closesAt) - now;
  if (Number.isNaN(left)) return '';
  if (left <= 0) return t('countdown.closingNow');
  if (left < HOUR) return t('countdown.minutes', { minutes: Math.max(1, Math.floor(left / MINUTE)) });
  if (left < DAY) {
    const hours = Math.floor(left / HOUR);
    const minutes = Math.floor((left % HOUR) / MINUTE);
    return hours < 10 && minutes > 0
      ? t('countdown.hoursMinutes', { hours, minutes })
      : t('countdown.hours', { hours });
  }
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  return hours > 0 ? t('countdown.daysHours', { days, hours }) : t('countdown.days', { days });
}

/** The time now, renewed every `everyMs` (countdowns stay right while the page is open). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
