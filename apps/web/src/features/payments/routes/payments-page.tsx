import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAYMENTS_LIST } from '@mbo/contracts/lists/payments-list';
import type { ListPaymentsRequest, PaymentFilters, PaymentRecord } from '@mbo/contracts/payments';
import ListPage from '@/components/list/list-page';
import { toApiFilters } from '@/components/list/list-request';
import { useListState } from '@/components/list/use-list-state';
import { useGlobalState } from '@/lib/global-state';
import { paymentStatusCountQueryOptions } from '../api/count-payment-statuses';
import { listPaymentsQueryOptions } from '../api/list-payments';
import { usePaymentsTable } from '../components/payments-table';
import { PAYMENT_STATUS_LABEL, PAYMENT_STATUS_TONE } from '../utils/payment-status';

const HEADER = { eyebrow: 'Transactions', title: 'Payments', subtitle: 'Every payment made to your business, with its status, method and customer.' };

/** /transactions/payments: PAYMENTS_LIST rendered by the list kit, with its status tiles. */
export default function PaymentsPage() {
  const tz = useGlobalState().user?.timeZone;
  const list = useListState(PAYMENTS_LIST);
  const request: ListPaymentsRequest = { ...toApiFilters(PAYMENTS_LIST, list.filters, tz), pageNum: list.pageNum, pageSize: list.pageSize, sort: list.sort };
  const page = useQuery({ ...listPaymentsQueryOptions(request), placeholderData: keepPreviousData });
  const counts = useQuery({
    ...paymentStatusCountQueryOptions(toApiFilters(PAYMENTS_LIST, list.filters, tz, ['statusSet']) as PaymentFilters),
    placeholderData: keepPreviousData,
  });
  return (
    <ListPage<PaymentRecord> list={list} header={HEADER} query={page} {...usePaymentsTable()}
      statusLabels={PAYMENT_STATUS_LABEL} statusTones={PAYMENT_STATUS_TONE} tileCounts={{ data: counts.data, loading: counts.isFetching }} />
  );
}
