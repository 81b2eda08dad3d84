import { useSyncExternalStore } from 'react';

/** The user's system setting "reduce motion" (WCAG 2.3.3: animation from interactions can be turned off). */
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

let query: MediaQueryList | null | undefined;

/** The media query, read once (null where the browser has no matchMedia). */
function reducedMotionQuery(): MediaQueryList | null {
  if (query === undefined)
    query =
      typeof window !== 'undefined' && typeof window.matchMedia === 'function'
        ? window.matchMedia(REDUCED_MOTION)
        : null;
  return query;
}

function subscribe(onChange: () => void): () => void {
  const mql = reducedMotionQuery();
  if (!mql) return () => {};
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

const prefersReducedMotion = () => reducedMotionQuery()?.matches ?? false;

/** True while the user's system asks for reduced motion; follows the setting when it changes. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
