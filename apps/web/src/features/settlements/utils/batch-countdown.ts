import { useEffect, useState } from 'react';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long until an open batch's cut-off, in words: "closes in 42 min", "closes in 3 h 20 min",
 * "closes in 15 h", "closes in 2 d 4 h". A cut-off that has passed (the closing job has not run
 * yet) reads "closing now".
 */
export function batchCountdown(closesAt: string, now: number): string {
  const left = Date.parse(closesAt) - now;
  if (Number.isNaN(left)) return '';
  if (left <= 0) return 'closing now';
  if (left < HOUR) return `closes in ${Math.max(1, Math.floor(left / MINUTE))} min`;
  if (left < DAY) {
    const hours = Math.floor(left / HOUR);
    const minutes = Math.floor((left % HOUR) / MINUTE);
    return `closes in ${hours} h${hours < 10 && minutes > 0 ? ` ${minutes} min` : ''}`;
  }
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  return `closes in ${days} d${hours > 0 ? ` ${hours} h` : ''}`;
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
