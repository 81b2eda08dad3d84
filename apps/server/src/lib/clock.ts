/**
 * The time the app's own time rules read, in milliseconds since the epoch: TOTP steps
 * (modules/two-factor) and the windows of the request limits (plugins/rate-limit-store.ts).
 * config.clock is the real clock; a test gives the app a settableClock and moves it instead of
 * waiting for time to pass.
 */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** A clock that stands still at `start` until it is moved (tests). */
export interface SettableClock extends Clock {
  set(ms: number): void;
  advance(ms: number): void;
}

export function settableClock(start: number): SettableClock {
  let now = start;
  return Object.assign(() => now, {
    set(ms: number) {
      now = ms;
    },
    advance(ms: number) {
      now += ms;
    },
  });
}

/**
 * Arms a deadline: calls `expire` after `ms` and returns what cancels it. Code that gives up after a
 * time (a webhook attempt, the readiness probe's database check) takes one; timerDeadline in
 * production, and a test fires it itself instead of waiting for the time to pass.
 */
export type Deadline = (expire: () => void, ms: number) => () => void;

export const timerDeadline: Deadline = (expire, ms) => {
  const timer = setTimeout(expire, ms);
  return () => clearTimeout(timer);
};
