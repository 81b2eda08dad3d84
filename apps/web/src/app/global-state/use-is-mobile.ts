import { useSyncExternalStore } from 'react';

/** Below this width (px) the app uses its mobile layout. */
export const MOBILE_BREAKPOINT = 768;
const QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  const mql = window.matchMedia?.(QUERY);
  window.addEventListener('resize', onChange);
  mql?.addEventListener?.('change', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    mql?.removeEventListener?.('change', onChange);
  };
}

function snapshot(): boolean {
  return window.innerWidth < MOBILE_BREAKPOINT;
}

/** isMobile: the window is narrower than 768 px, kept live on resize. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
