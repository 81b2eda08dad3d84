import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Segmented, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';
import { displayNumber } from '@/lib/formats';
import type { PayoutBatchDetail, PayoutRecord, PayoutStatus } from '@mbo/contracts/payouts';
import { ApprovalActions } from '@/components/approvals/approval-actions';
import { DetailCard, DetailFigures, useTimeZone } from '@/components/detail/detail-cards';
import DetailPage from '@/components/detail/detail-page';
import DetailTable from '@/components/detail/detail-table';
import { useDetailId } from '@/components/detail/use-detail-id';
import { displayMoney } from '@/lib/display-money';
import { formatZonedDateTime } from '@/lib/format-time';
import { payoutBatchQueryOptions, payoutsQueryOptions } from '../api/payouts-api';
import { BatchProgressBar, batchOutcomes } from '../components/batch-progress';
import { BatchStatusTag, batchTotalText, PayoutStatusTag, payoutsTable } from '../components/payout-tables';
import '../components/payouts.css';
import { RecordText } from '@/components/record-text';

const ROW_COLUMNS = ['payoutId', 'beneficiary', 'amount', 'account', 'reference'] as const;
/** The outcome filters; each one's words are payouts:batchDetail.filters.<value>. */
const FILTERS: { value: string; status?: PayoutStatus[] }[] = [
  { value: 'ALL' },
  { value: 'OPEN', status: ['PENDING_APPROVAL', 'PENDING', 'PROCESSING'] },
  { value: 'SUCCESS', status: ['SUCCESS'] },
  { value: 'FAILED', status: ['FAILED', 'CANCELLED'] },
];

/** A row's status, with why it failed under it. */
function RowStatus({ payout }: { payout: PayoutRecord }) {
  return (
    <span>
      <PayoutStatusTag status={payout.status} />
      {payout.failureReason ? (
        <span className="mbo-list-sub">
          <RecordText text={payout.failureReason} />
        </span>
      ) : null}
    </span>
  );
}

/** The batch's rows in file order, 50 a page, filtered by outcome; one card per row on a phone. */
function BatchRows({ batch }: { batch: PayoutBatchDetail }) {
  const { t } = useTranslation('payouts', { keyPrefix: 'batchDetail' });
  const { t: tn } = useTranslation('payouts');
  const label = useLabel();
  const tz = useTimeZone();
  const [filter, setFilter] = useState('ALL');
  const [pageNum, setPageNum] = useState(1);
  const status = FILTERS.find((f) => f.value === filter)?.status;
  const rows = useQuery({
    ...payoutsQueryOptions({ batchId: batch.batchId, pageNum, pageSize: 50, ...(status ? { status } : {}) }),
    placeholderData: keepPreviousData,
  });
  const { cells, narrowColumns = [] } = payoutsTable(tn, label, tz);
  const cell = (k: (typeof ROW_COLUMNS)[number]) => ({
    key: k,
    title: t(`columns.${k}`),
    render: (_: unknown, r: PayoutRecord) => cells[k](r),
  });
  // The failure reason sits under the status: no column that is empty for most rows.
  const columns: TableColumnsType<PayoutRecord> = [
    { key: 'rowNo', title: t('row'), width: 64, render: (_, r) => r.rowNo },
    ...ROW_COLUMNS.slice(0, 3).map(cell),
    { key: 'status', title: t('status'), render: (_, r) => <RowStatus payout={r} /> },
    ...ROW_COLUMNS.slice(3).map(cell),
  ];
  const narrow: TableColumnsType<PayoutRecord> = narrowColumns.map((c) => ({
    ...c,
    title: t('rows'),
    render: (value: unknown, r: PayoutRecord, i: number) => (
      <>
        {c.render?.(value, r, i)}
        {r.failureReason ? (
          <span className="mbo-list-sub">
            <RecordText text={r.failureReason} />
          </span>
        ) : null}
      </>
    ),
  }));
  return (
    <DetailCard title={t('title')}>
      <div className="mbo-batch-rows__filter">
        <Segmented
          aria-label={t('showRows')}
          options={FILTERS.map((f) => ({ value: f.value, label: t(`filters.${f.value}`) }))}
          value={filter}
          onChange={(v) => {
            setFilter(String(v));
            setPageNum(1);
          }}
        />
      </div>
      <DetailTable<PayoutRecord>
        label={t('title')}
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
          showTotal: (n) => tn('payouts', { count: n, number: displayNumber(n) }),
        }}
        locale={{ emptyText: t('empty') }}
      />
    </DetailCard>
  );
}

/** "Submitted 2026-11-19 21:48:08 GMT+00:00 by payouts@demo.test". */
function Submitted({ batch }: { batch: PayoutBatchDetail }) {
  const { t } = useTranslation('payouts', { keyPrefix: 'batchDetail' });
  const time = formatZonedDateTime(batch.createdAt, useTimeZone());
  return (
    <Typography.Text type="secondary">
      {batch.createdBy ? t('submittedBy', { time, user: batch.createdBy }) : t('submitted', { time })}
    </Typography.Text>
  );
}

/**
 * /payout/history/batch/detail?batchId=: progress, totals per currency (paid, returned) and every row with its status.
 */
export default function PayoutBatchDetailPage() {
  const { t } = useTranslation('payouts', { keyPrefix: 'batchDetail' });
  const { t: tn } = useTranslation('payouts');
  const payouts = (n: number) => tn('payouts', { count: n, number: displayNumber(n) });
  const id = useDetailId('batchId');
  const query = useQuery({ ...payoutBatchQueryOptions(id.value), enabled: id.valid });
  return (
    <DetailPage<PayoutBatchDetail>
      noun={t('noun')}
      list={{ to: '/payout/history?tab=batches', label: t('list') }}
      id={id}
      query={query}
      header={(b) => ({
        title: batchTotalText(b),
        status: <BatchStatusTag status={b.status} />,
        meta: (
          <>
            <span>{t('fileLine', { file: b.fileName, payouts: payouts(b.rowCount) })}</span>
            <Submitted batch={b} />
          </>
        ),
        notice:
          b.status === 'PENDING_APPROVAL' ? (
            <ApprovalActions
              kind="PAYOUT_BATCH"
              id={b.batchId}
              createdBy={b.createdBy}
              what={t('approvalWhat', { file: b.fileName, payouts: payouts(b.rowCount), total: batchTotalText(b) })}
            />
          ) : null,
      })}
      main={(b) => {
        const { paid, failed, open } = batchOutcomes(b.counts);
        return (
          <DetailCard title={t('progress')}>
            <BatchProgressBar counts={b.counts} rowCount={b.rowCount} />
            <DetailFigures
              figures={[
                { label: t('paid'), value: displayNumber(paid) },
                { label: t('inProgress'), value: displayNumber(open) },
                {
                  label: t('failed'),
                  value: displayNumber(failed),
                  note: failed ? t('failedNote') : undefined,
                },
              ]}
            />
          </DetailCard>
        );
      }}
      side={(b) => (
        <DetailCard title={t('totals')}>
          <div className="mbo-batch-totals">
            {b.totals.map((x) => (
              <DetailFigures
                key={x.currency}
                figures={[
                  {
                    label: `${x.currency} · ${payouts(x.count)}`,
                    value: displayMoney(x.amount, x.currency),
                    note: t('fees', { amount: displayMoney(x.fee, x.currency) }),
                  },
                  {
                    label: t('paid'),
                    value: displayMoney(x.paidAmount, x.currency),
                    note: x.failedAmount
                      ? t('returned', { amount: displayMoney(x.failedAmount, x.currency) })
                      : undefined,
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
