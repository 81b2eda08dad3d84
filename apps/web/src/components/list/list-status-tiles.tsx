import { Skeleton } from 'antd';
import type { StatusTone } from './status-tag';
import './list.css';
import { useTranslation } from '@/i18n/use-translation';

export interface ListStatusTilesProps {
  /** What the tiles count ("Payments by status"). */
  label: string;
  /** The statuses, in the tiles' order; an "All" tile comes first. */
  statuses: readonly string[];
  statusLabels: Readonly<Record<string, string>>;
  tones: Readonly<Record<string, StatusTone>>;
  /** Counts per status and ALL; undefined while loading or when the count failed (dashes). */
  counts: Readonly<Record<string, number>> | undefined;
  loading: boolean;
  /** The tile shown as selected: 'ALL' with no status filter, a status when exactly that one is set. */
  active: string | null;
  onSelect: (status: string) => void;
}

/** Counts per status above a list; a click filters the list by that status. */
export default function ListStatusTiles({
  label,
  statuses,
  statusLabels,
  tones,
  counts,
  loading,
  active,
  onSelect,
}: ListStatusTilesProps) {
  const { t } = useTranslation('kit');
  const tiles = [
    { key: 'ALL', text: t('list.all'), tone: 'all' },
    ...statuses.map((s) => ({ key: s, text: statusLabels[s] ?? s, tone: tones[s] ?? 'default' })),
  ];
  return (
    <div
      className="mbo-list-tiles"
      role="group"
      aria-label={label}
      style={{ '--mbo-tiles': tiles.length } as React.CSSProperties}
    >
      {tiles.map((tile) => {
        const count = counts?.[tile.key];
        return (
          <button
            key={tile.key}
            type="button"
            className={`mbo-list-tile mbo-list-tile--${tile.tone}${active === tile.key ? ' is-active' : ''}`}
            aria-pressed={active === tile.key}
            onClick={() => onSelect(tile.key)}
          >
            <span className="mbo-list-tile__label">
              <span className="mbo-list-tile__dot" aria-hidden="true" />
              {tile.text}
            </span>
            <span className="mbo-list-tile__count">
              {loading && count === undefined ? (
                <Skeleton.Input active size="small" style={{ width: 48, minWidth: 48, height: 22 }} />
              ) : count === undefined ? (
                '—'
              ) : (
                count.toLocaleString('en-US')
              )}
            </span>
          </button>
        );
      })}
    </div>
  );
}
