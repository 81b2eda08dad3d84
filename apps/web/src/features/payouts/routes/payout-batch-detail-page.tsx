import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Progress, Segmented, Table } from 'antd';
import type { PayoutBatchDetail, PayoutRecord, PayoutStatus } from '@mbo/contracts/payouts';
import { ApprovalActions } from '@/components/approvals/approval-actions';
import { DetailCard, DetailFigures } from '@/components/detail/detail-cards';
import DetailPage from '@/components/detail/detail-page';
import { useDetailId } from '@/components/detail/use-detail-id';
import { displayMoney } from '@/lib/display-money';
import { formatDateTime } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import { payoutBatchQueryOptions, payoutsQueryOptions } from '../api/payouts-api';
import { BatchStatusTag, batchTotalText, payoutsTable } from '../components/payout-tables';

const HISTORY = { to: '/payout/history?tab=batches', label: 'Payout history' };
const ROW_COLUMNS = ['payoutId', 'beneficiary', 'amount', 'status', 'account', 'reference'] as const;
const FILTERS: { value: string; label: string; status?: PayoutStatus[] }[] = [
  { value: 'ALL', label: 'All rows' },
  { value: 'OPEN', label: 'In progress', status: ['PENDING_APPROVAL', 'PENDING', 'PROCESSING'] },
  { value: 'SUCCESS', label: 'Paid', status: ['SUCCESS'] },
  { value: 'FAILED', label: 'Failed', status: ['FAILED', 'CANCELLED'] },
];

/** The batch's rows in file order, 50 a page, filtered by outcome. */
function BatchRows({ batch }: { batch: PayoutBatchDetail }) {
  const tz = useGlobalState().user?.timeZone;
  const [filter, setFilter] = useState('ALL');
  const [pageNum, setPageNum] = useState(1);
  const status = FILTERS.find((f) => f.value === filter)?.status;
  const rows = useQuery({
    ...payoutsQueryOptions({ batchId: batch.batchId, pageNum, pageSize: 50, ...(status ? { status } : {}) }),
    placeholderData: keepPreviousData,
  });
  const { cells } = payoutsTable(tz);
  const columns = [
    { key: 'rowNo', title: 'Row', width: 64, render: (_: unknown, r: PayoutRecord) => r.rowNo },
    ...ROW_COLUMNS.map((k) => ({
      key: k,
      title: {
        payoutId: 'Payout ID',
        beneficiary: 'Beneficiary',
        amount: 'Amount',
        status: 'Status',
        account: 'To',
        reference: 'Reference',
      }[k],
      render: (_: unknown, r: PayoutRecord) => cells[k](r),
    })),
    { key: 'failure', title: 'Failure', render: (_: unknown, r: PayoutRecord) => r.failureReason ?? '' },
  ];
  return (
    <Card
      title="Payouts in this batch"
      className="mbo-detail-card"
      extra={
        <Segmented
          options={FILTERS.map((f) => ({ value: f.value, label: f.label }))}
          value={filter}
          onChange={(v) => {
            setFilter(String(v));
            setPageNum(1);
          }}
        />
      }
    >
      <Table<PayoutRecord>
        rowKey="payoutId"
        size="middle"
        loading={rows.isFetching && !rows.data}
        dataSource={rows.data?.records ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: pageNum,
          pageSize: 50,
          total: rows.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPageNum,
          showTotal: (n) => `${n.toLocaleString('en-US')} payouts`,
        }}
        locale={{ emptyText: 'No payouts here.' }}
      />
      <p className="mbo-list-sub" style={{ margin: 0 }}>
        Submitted {formatDateTime(batch.createdAt, tz)}
        {batch.createdBy ? ` by ${batch.createdBy}` : ''}.
      </p>
    </Card>
  );
}

/**
 * /payout/history/batch/detail?batchId=: progress, totals per currency (paid, returned) and every row with its status.
 */
export default function PayoutBatchDetailPage() {
  const id = useDetailId('batchId');
  const query = useQuery({ ...payoutBatchQueryOptions(id.value), enabled: id.valid });
  return (
    <DetailPage<PayoutBatchDetail>
      noun="payout batch"
      list={HISTORY}
      id={id}
      query={query}
      header={(b) => ({
        title: batchTotalText(b),
        status: <BatchStatusTag status={b.status} />,
        meta: (
          <span>
            {b.fileName} · {b.rowCount.toLocaleString('en-US')} payouts
          </span>
        ),
        notice:
          b.status === 'PENDING_APPROVAL' ? (
            <ApprovalActions
              kind="PAYOUT_BATCH"
              id={b.batchId}
              createdBy={b.createdBy}
              what={`the batch ${b.fileName} (${b.rowCount} payouts, ${batchTotalText(b)})`}
            />
          ) : null,
      })}
      main={(b) => {
        const final = b.counts.SUCCESS + b.counts.FAILED + b.counts.CANCELLED;
        return (
          <DetailCard title="Progress">
            <Progress
              percent={Math.round((final / b.rowCount) * 100)}
              success={{ percent: Math.round((b.counts.SUCCESS / b.rowCount) * 100) }}
              status={b.status === 'PROCESSING' ? 'active' : b.counts.FAILED ? 'exception' : 'success'}
              aria-label="Rows finished"
            />
            <DetailFigures
              figures={[
                { label: 'Paid', value: b.counts.SUCCESS.toLocaleString('en-US') },
                {
                  label: 'In progress',
                  value: (b.counts.PENDING_APPROVAL + b.counts.PENDING + b.counts.PROCESSING).toLocaleString('en-US'),
                },
                {
                  label: 'Failed',
                  value: (b.counts.FAILED + b.counts.CANCELLED).toLocaleString('en-US'),
                  note: 'Their amounts and fees are back in your available balance',
                },
              ]}
            />
          </DetailCard>
        );
      }}
      side={(b) => (
        <DetailCard title="Totals">
          {b.totals.map((t) => (
            <DetailFigures
              key={t.currency}
              figures={[
                {
                  label: `${t.currency} · ${t.count} payouts`,
                  value: displayMoney(t.amount, t.currency),
                  note: `Fees ${displayMoney(t.fee, t.currency)}`,
                },
                {
                  label: 'Paid',
                  value: displayMoney(t.paidAmount, t.currency),
                  note: t.failedAmount ? `${displayMoney(t.failedAmount, t.currency)} returned` : undefined,
                },
              ]}
            />
          ))}
        </DetailCard>
      )}
      below={(b) => <BatchRows batch={b} />}
    />
  );
}
