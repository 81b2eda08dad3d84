import { Skeleton } from 'antd';
import type { PaymentStatus, PaymentStatusCounts } from '@mbo/contracts/payments';
import { PAYMENT_STATUS_TONE } from '../utils/payment-status';
import './payments.css';

const TILES: { key: PaymentStatus | 'ALL'; label: string }[] = [
  { key: 'ALL', label: 'All' },
  { key: 'SUCCESS', label: 'Succeeded' },
  { key: 'PENDING', label: 'Pending' },
  { key: 'FAILED', label: 'Failed' },
  { key: 'CANCELLED', label: 'Cancelled' },
];

export interface PaymentStatusTilesProps {
  counts: PaymentStatusCounts | undefined;
  loading: boolean;
  /** The tile shown as selected: 'ALL' when no status filter, a status when exactly that one is set. */
  active: PaymentStatus | 'ALL' | null;
  onSelect: (status: PaymentStatus | 'ALL') => void;
}

/** Counts per status above the list; a click filters the list by that status. */
export default function PaymentStatusTiles({ counts, loading, active, onSelect }: PaymentStatusTilesProps) {
  return (
    <div className="mbo-status-tiles" role="group" aria-label="Payments by status">
      {TILES.map((tile) => {
        const tone = tile.key === 'ALL' ? 'all' : PAYMENT_STATUS_TONE[tile.key];
        const count = counts?.[tile.key];
        return (
          <button
            key={tile.key}
            type="button"
            className={`mbo-status-tile mbo-status-tile--${tone}${active === tile.key ? ' is-active' : ''}`}
            aria-pressed={active === tile.key}
            onClick={() => onSelect(tile.key)}
          >
            <span className="mbo-status-tile__label">
              <span className="mbo-status-tile__dot" aria-hidden="true" />
              {tile.label}
            </span>
            <span className="mbo-status-tile__count">
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
