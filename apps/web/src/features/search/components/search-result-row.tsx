import { Typography } from 'antd';
import type { SearchResult } from '@mbo/contracts/search';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';
import StatusTag from '@/components/list/status-tag';
import { displayMoney } from '@/lib/display-money';
import { formatDateTime } from '@/lib/format-time';
import { resultStatusLabel, resultStatusTone } from '../utils/result-status';

/** A found record: its id and second line, then status, amount, date and merchant. */
export default function SearchResultRow({ record, timeZone }: { record: SearchResult; timeZone: string | undefined }) {
  // An id, order number or email that matched is on the row already; an amount or reference match is said.
  const { t, i18n } = useTranslation('search');
  const label = useLabel();
  const match = ['ID', 'ORDER_NO', 'EMAIL'].includes(record.matchedBy)
    ? null
    : label('SEARCH_MATCHES', record.matchedBy);
  // English lowers the match's words inside the line; other languages keep them as they are.
  const matched = match && (i18n.language === 'en' ? match.toLowerCase() : match);
  return (
    <>
      <span className="mbo-search-row__main">
        <span className="mbo-search-row__id">{record.id}</span>
        <span className="mbo-search-row__sub">
          {[record.reference, matched && t('row.matchedBy', { match: matched })].filter(Boolean).join(' · ') ||
            '\u00a0'}
        </span>
      </span>
      <span className="mbo-search-row__facts">
        {record.status && (
          <StatusTag tone={resultStatusTone(record.status)}>
            {resultStatusLabel(record.kind, record.status, label, t)}
          </StatusTag>
        )}
        {record.amount !== null && record.currency && (
          <Typography.Text strong className="mbo-search-row__amount">
            {displayMoney(record.amount, record.currency)}
          </Typography.Text>
        )}
        <span className="mbo-search-row__sub">
          {formatDateTime(record.createdAt, timeZone)} · {record.merchantName}
        </span>
      </span>
    </>
  );
}
