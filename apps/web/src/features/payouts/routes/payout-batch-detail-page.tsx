import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Segmented, Typography, type TableColumnsType } from 'antd';
import type { PayoutBatchDetail, PayoutRecord, PayoutStatus } from '@mbo/contracts/payouts';
import { ApprovalActions } from '@/components/approvals/approval-actions';
import { DetailCard, DetailFigures, useTimeZone } from '@/components/detail/detail-cards';
import DetailPage from '@/components/detail/detail-page';
import DetailTable from '@/components/detail/detail-table';
import { useDetailId } from '@/components/detail/use-detail-id';
import { countNoun } from '@/lib/count-noun';
import { displayMoney } from '@/lib/display-money';
import { formatZonedDateTime } from '@/lib/format-time';
import { payoutBatchQueryOptions, payoutsQueryOptions } from '../api/payouts-api';
import { BatchProgressBar, batchOutcomes } from '../components/batch-progress';
import { BatchStatusTag, batchTotalText, PayoutStatusTag, payoutsTable } from '../components/payout-tables';
import '../components/payouts.css';

const HISTORY = { to: '/payout/history?tab=batches', label: 'Payout history' };
const ROW_COLUMNS = ['payoutId', 'beneficiary', 'amount', 'account', 'reference'] as const;
const TITLES: Record<(typeof ROW_COLUMNS)[number], string> = {
  payoutId: 'Payout ID',
  beneficiary: 'Beneficiary',
  amount: 'Amount',
  account: 'To',
  reference: 'Reference',
};
const FILTERS: { value: string; label: string; status?: PayoutStatus[] }[] = [
  { value: 'ALL', label: 'All rows' },
  { value: 'OPEN', label: 'In progress', status: ['PENDING_APPROVAL', 'PENDING', 'PROCESSING'] },
  { value: 'SUCCESS', label: 'Paid', status: ['SUCCESS'] },
  { value: 'FAILED', label: 'Failed', status: ['FAILED', 'CANCELLED'] },
];

/** A row's status, with why it failed under it. */
function RowStatus({ payout }: { payout: PayoutRecord }) {
  return (
    <span>
      <PayoutStatusTag status={payout.status} />
      {payout.failureReason ? <span className="mbo-list-sub">{payout.failureReason}</span> : null}
    </span>
  );
}

/** The batch's rows in file order, 50 a page, filtered by outcome; one card per row on a phone. */
function BatchRows({ batch }: { batch: PayoutBatchDetail }) {
  const tz = useTimeZone();
  const [filter, setFilter] = useState('ALL');
  const [pageNum, setPageNum] = useState(1);
  const status = FILTERS.find((f) => f.value === filter)?.status;
  const rows = useQuery({
    ...payoutsQueryOptions({ batchId: batch.batchId, pageNum, pageSize: 50, ...(status ? { status } : {}) }),
    placeholderData: keepPreviousData,
  });
  const { cells, narrowColumns = [] } = payoutsTable(tz);
  const cell = (k: (typeof ROW_COLUMNS)[number]) => ({
    key: k,
    title: TITLES[k],
    render: (_: unknown, r: PayoutRecord) => cells[k](r),
  });
  // The failure reason sits under the status: no column that is empty for most rows.
  const columns: TableColumnsType<PayoutRecord> = [
    { key: 'rowNo', title: 'Row', width: 64, render: (_, r) => r.rowNo },
    ...ROW_COLUMNS.slice(0, 3).map(cell),
    { key: 'status', title: 'Status', render: (_, r) => <RowStatus payout={r} /> },
    ...ROW_COLUMNS.slice(3).map(cell),
  ];
  const narrow: TableColumnsType<PayoutRecord> = narrowColumns.map((c) => ({
    ...c,
    title: 'Rows',
    render: (value: unknown, r: PayoutRecord, i: number) => (
      <>
        {c.render?.(value, r, i)}
        {r.failureReason ? <span className="mbo-list-sub">{r.failureReason}</span> : null}
      </>
    ),
  }));
  return (
    <DetailCard title="Payouts in this batch">
      <div className="mbo-batch-rows__filter">
        <Segmented
          aria-label="Show rows"
          options={FILTERS.map((f) => ({ value: f.value, label: f.label }))}
          value={filter}
          onChange={(v) => {
            setFilter(String(v));
            setPageNum(1);
          }}
        />
      </div>
      <DetailTable<PayoutRecord>
        label="Payouts in this batch"
        rowKey="payoutId"
        loading={rows.isFetching && !rows.data}
        dataSource={rows.data?.records ?? []}
        columns={columns}
        narrowColumns={narrow}
        pagination={{
          current: pageNum,
          pageSize: 50,
          total: rows.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPageNum,
          showTotal: (n) => countNoun(n, 'payout'),
        }}
        locale={{ emptyText: 'No payouts here.' }}
      />
    </DetailCard>
  );
}

/** "Submitted 2026-11-19 21:48:08 GMT+00:00 by payouts@demo.test". */
function Submitted({ batch }: { batch: PayoutBatchDetail }) {
  return (
    <Typography.Text type="secondary">
      Submitted {formatZonedDateTime(batch.createdAt, useTimeZone())}
      {batch.createdBy ? ` by ${batch.createdBy}` : ''}
    </Typography.Text>
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
          <>
            <span>
              {b.fileName} · {countNoun(b.rowCount, 'payout')}
            </span>
            <Submitted batch={b} />
          </>
        ),
        notice:
          b.status === 'PENDING_APPROVAL' ? (
            <ApprovalActions
              kind="PAYOUT_BATCH"
              id={b.batchId}
              createdBy={b.createdBy}
              what={`the batch ${b.fileName} (${countNoun(b.rowCount, 'payout')}, ${batchTotalText(b)})`}
            />
          ) : null,
      })}
      main={(b) => {
        const { paid, failed, open } = batchOutcomes(b.counts);
        return (
          <DetailCard title="Progress">
            <BatchProgressBar counts={b.counts} rowCount={b.rowCount} />
            <DetailFigures
              figures={[
                { label: 'Paid', value: paid.toLocaleString('en-US') },
                { label: 'In progress', value: open.toLocaleString('en-US') },
                {
                  label: 'Failed',
                  value: failed.toLocaleString('en-US'),
                  note: failed ? 'Their amounts and fees are back in your available balance' : undefined,
                },
              ]}
            />
          </DetailCard>
        );
      }}
      side={(b) => (
        <DetailCard title="Totals">
          <div className="mbo-batch-totals">
            {b.totals.map((t) => (
              <DetailFigures
                key={t.currency}
                figures={[
                  {
                    label: `${t.currency} · ${countNoun(t.count, 'payout')}`,
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
          </div>
        </DetailCard>
      )}
      below={(b) => <BatchRows batch={b} />}
    />
  );
}
