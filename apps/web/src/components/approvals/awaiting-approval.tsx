import { RecordText } from '@/components/record-text';
import { useQuery } from '@tanstack/react-query';
import { Alert, List } from 'antd';
import { Link } from 'react-router';
import type { ApprovalItem, ApprovalKind } from '@mbo/contracts/approvals';
import { displayMoney } from '@/lib/display-money';
import { formatZonedDateTime } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import { awaitingApprovalQueryOptions } from './approvals-api';
import { useTranslation } from '@/i18n/use-translation';

const LINKS: Record<ApprovalKind, (id: string) => string> = {
  WITHDRAWAL: (id) => `/account/withdraw?withdrawalId=${encodeURIComponent(id)}`,
  PAYOUT: (id) => `/payout/history/detail?payoutId=${encodeURIComponent(id)}`,
  PAYOUT_BATCH: (id) => `/payout/history/batch/detail?batchId=${encodeURIComponent(id)}`,
};

/** What waits for a checker (of `kinds`), each linked to where it is decided; nothing when nothing waits. */
export function AwaitingApproval({ kinds }: { kinds: readonly ApprovalKind[] }) {
  const tz = useGlobalState().user?.timeZone;
  const pending = useQuery(awaitingApprovalQueryOptions());
  const { t } = useTranslation('kit', { keyPrefix: 'approvals' });
  const items = (pending.data ?? []).filter((i) => kinds.includes(i.kind));
  if (!items.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('awaiting', { count: items.length })}
      description={
        <List<ApprovalItem>
          size="small"
          dataSource={items.slice(0, 5)}
          renderItem={(i) => (
            <List.Item>
              <Link to={LINKS[i.kind](i.id)}>
                <RecordText text={i.description} />
              </Link>
              <span className="mbo-list-sub">
                {i.amounts.map((a) => displayMoney(a.amount, a.currency)).join(' + ')} ·{' '}
                {t('by', { who: i.createdBy ?? t('aUserLower') })} · {formatZonedDateTime(i.createdAt, tz)}
              </span>
            </List.Item>
          )}
        />
      }
    />
  );
}
