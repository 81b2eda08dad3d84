import { useTranslation } from '@/i18n/use-translation';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import type { SettlementDetail } from '@mbo/contracts/settlements';
import DetailPage from '@/components/detail/detail-page';
import { MAX_DETAIL_ID_LENGTH, useDetailId } from '@/components/detail/use-detail-id';
import { displayDay } from '@/lib/display-day';
import { displayMoney } from '@/lib/display-money';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { settlementDetailQueryOptions } from '../api/get-settlement-detail';
import { settlementTransactionsQueryOptions } from '../api/list-settlement-transactions';
import {
  paidToText,
  SettlementBatchesCard,
  SettlementBreakdownCard,
  SettlementFactsCard,
  SettlementNotice,
} from '../components/settlement-detail-cards';
import { SettlementStatusTag } from '../components/settlement-status-tag';
import SettlementTransactionsTable from '../components/settlement-transactions-table';
import { SETTLEMENT_HISTORY_PATH } from '../utils/settlement-status';

/**
 * The settlement and the first page of its payments, as soon as the page's code is in (quiet: the page shows errors).
 */
export const prefetch: PagePrefetch = ({ queryClient, search }) => {
  const settlementId = (search.get('settlementId') ?? '').trim();
  if (!settlementId || settlementId.length > MAX_DETAIL_ID_LENGTH) return;
  void queryClient.prefetchQuery(settlementDetailQueryOptions(settlementId));
  void queryClient.prefetchQuery(settlementTransactionsQueryOptions({ settlementId, pageNum: 1, pageSize: 20 }));
};

/**
 * /settlements/detail?settlementId=: the net with its status, day and payee; the waterfall from gross
 * to net; its batches and its payments (paged, exportable); the payout facts beside them.
 */
export default function SettlementDetailPage() {
  const id = useDetailId('settlementId');
  const query = useQuery({ ...settlementDetailQueryOptions(id.value), enabled: id.valid });
  const { t } = useTranslation('settlements', { keyPrefix: 'detail' });
  return (
    <DetailPage<SettlementDetail>
      noun={t('noun')}
      list={{ to: SETTLEMENT_HISTORY_PATH, label: t('history') }}
      id={id}
      query={query}
      header={(s) => ({
        title: displayMoney(s.net, s.currency),
        subtitle: t('subtitle', { gross: displayMoney(s.gross, s.currency) }),
        status: <SettlementStatusTag status={s.status} />,
        meta: (
          <Typography.Text type="secondary">
            {t('meta', { day: displayDay(s.settlementDay), to: paidToText(s, t) })}
          </Typography.Text>
        ),
        notice: <SettlementNotice settlement={s} />,
      })}
      main={(s) => (
        <>
          <SettlementBreakdownCard settlement={s} />
          <SettlementBatchesCard settlement={s} />
        </>
      )}
      side={(s) => <SettlementFactsCard settlement={s} />}
      below={(s) => <SettlementTransactionsTable settlementId={s.settlementId} />}
    />
  );
}
