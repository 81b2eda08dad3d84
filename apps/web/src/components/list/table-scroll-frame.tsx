import { useEffect, useRef } from 'react';
import './list.css';
import { i18n } from '@/i18n/i18n';

/** antd's scroll containers of a table: the content (no fixed header) or the body (a fixed header). */
const SCROLLERS = '.ant-table-content, .ant-table-body';

/**
 * Marks the scroll container of each table inside as a keyboard-reachable region while it is wider than its
 * card: `tabindex=0`, `role=region` and a name, so arrow keys scroll it (axe `scrollable-region-focusable`).
 * A table that fits gets none of these and is no tab stop. The cut edge fades (list.css `.mbo-table-frame`).
 */
export function markScrollRegions(frame: HTMLElement, label: string): void {
  for (const el of frame.querySelectorAll<HTMLElement>(SCROLLERS)) {
    if (el.scrollWidth > el.clientWidth + 1) {
      el.tabIndex = 0;
      el.setAttribute('role', 'region');
      el.setAttribute('aria-label', i18n.t('list.scrollsSideways', { ns: 'kit', label }));
    } else if (el.hasAttribute('tabindex')) {
      el.removeAttribute('tabindex');
      el.removeAttribute('role');
      el.removeAttribute('aria-label');
    }
  }
}

/**
 * The frame of any table in a card (lists and the tables of detail pages): its scroll container is reachable by
 * keyboard when it scrolls sideways, and the column cut at the edge is faded so the cut shows.
 */
export default function TableScrollFrame({ label, children }: { label: string; children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    let pending = 0;
    const update = () => {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => markScrollRegions(frame, label));
    };
    markScrollRegions(frame, label);
    // Rows and columns come and go (a page, the column chooser), and the card resizes with the window.
    const mutations = new MutationObserver(update);
    mutations.observe(frame, { childList: true, subtree: true });
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resizes?.observe(frame);
    return () => {
      cancelAnimationFrame(pending);
      mutations.disconnect();
      resizes?.disconnect();
    };
  }, [label]);
  return (
    <div ref={ref} className="mbo-table-frame">
      {children}
    </div>
  );
}
