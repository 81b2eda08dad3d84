import type { ReactNode } from 'react';
import { Link } from 'react-router';
import MoneyText from '@/components/list/money-text';

/**
 * A row of a detail page's table on a phone, as the lists show theirs: a link to the record with its amount and
 * status on the first line, then the lines given (who, when, why it failed).
 */
export function RecordCardCell({
  to,
  amount,
  currency,
  status,
  lines,
}: {
  to: string;
  amount: number;
  currency: string;
  status: ReactNode;
  lines: ReactNode[];
}) {
  return (
    <Link to={to} className="mbo-list-card-cell">
      <span className="mbo-list-card-cell__head">
        <MoneyText amount={amount} currency={currency} strong />
        {status}
      </span>
      {lines
        .filter((line) => line !== null && line !== undefined && line !== '')
        .map((line, i) => (
          <span key={i} className="mbo-list-sub">
            {line}
          </span>
        ))}
    </Link>
  );
}
