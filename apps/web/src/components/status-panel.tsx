import type { ReactNode } from 'react';
import './status-panel.css';

export type StatusKind = 'info' | 'warning' | 'error';

const COLORS: Record<StatusKind, { fg: string; bg: string }> = {
  info: { fg: 'var(--mbo-text-link)', bg: 'var(--mbo-primary-bg)' },
  warning: { fg: 'var(--mbo-text-warning)', bg: 'var(--mbo-warning-bg)' },
  error: { fg: 'var(--mbo-text-error)', bg: 'var(--mbo-error-bg)' },
};

function Glyph({ kind }: { kind: StatusKind }) {
  const c = COLORS[kind].fg;
  return (
    <svg width="30" height="30" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      {kind === 'info' ? (
        <path
          d="M20 12a8 8 0 1 1-2.34-5.66M20 4v4h-4"
          stroke={c}
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : (
        <>
          <path d="M12 3 2.5 20h19L12 3Z" stroke={c} strokeWidth="2" strokeLinejoin="round" />
          <path d="M12 10v4.5M12 17.2v.3" stroke={c} strokeWidth="2" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}

export interface StatusPanelProps {
  kind?: StatusKind;
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons. */
  extra?: ReactNode;
}

/**
 * A light "result" block (icon, title, text, actions) for the few screens that must render without
 * loading anything more: the route error page and the "new version available" notice.
 */
export default function StatusPanel({ kind = 'info', title, subtitle, extra }: StatusPanelProps) {
  return (
    <div className="mbo-status" role={kind === 'info' ? 'status' : 'alert'}>
      <div className="mbo-status__icon" style={{ background: COLORS[kind].bg }}>
        <Glyph kind={kind} />
      </div>
      <h2 className="mbo-status__title">{title}</h2>
      {subtitle ? <p className="mbo-status__subtitle">{subtitle}</p> : null}
      {extra ? <div className="mbo-status__extra">{extra}</div> : null}
    </div>
  );
}
