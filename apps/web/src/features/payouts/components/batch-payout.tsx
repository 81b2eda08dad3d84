import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Input,
  Modal,
  Segmented,
  Space,
  Table,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import { DeleteOutlined, DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  checkPayoutRows,
  PAYOUT_LIMITS,
  PAYOUT_ROW_FIELDS,
  PAYOUT_ROW_LABELS,
  type PayoutRowField,
  type PayoutRowInput,
} from '@mbo/contracts/payout-rows';
import type { PayoutServiceRecord } from '@mbo/contracts/payout-services';
import type { SubmitPayoutBatchRequest } from '@mbo/contracts/payouts';
import { countNoun } from '@/lib/count-noun';
import { displayMoney } from '@/lib/display-money';
import { invalidateKeys } from '@/lib/query-keys';
import { useIdempotentMutation } from '@/lib/use-idempotent-mutation';
import { downloadTemplate, submitPayoutBatch, validateBatchFile } from '../api/payouts-api';
import { keysChangedByPayout } from '../api/payout-keys';
import { errorsByField } from '../utils/cell-errors';
import { payoutBatchPath } from '../utils/payout-status';

interface Draft {
  fileName: string;
  /** Each row with the key it keeps while rows are dropped (its line in the file). */
  rows: { line: number; cells: PayoutRowInput }[];
}

const WIDTHS: Partial<Record<PayoutRowField, number>> = {
  beneficiaryName: 180,
  accountNumber: 220,
  amount: 110,
  country: 80,
  currency: 80,
  method: 140,
  purpose: 140,
  reference: 140,
};

/** The totals of the valid rows per currency: amount and fee. */
function totalsOf(valid: ReturnType<typeof checkPayoutRows>['valid']) {
  const totals = new Map<string, { count: number; amount: number; fee: number }>();
  for (const p of valid) {
    if (!p) continue;
    const t = totals.get(p.currency) ?? { count: 0, amount: 0, fee: 0 };
    totals.set(p.currency, { count: t.count + 1, amount: t.amount + p.amount, fee: t.fee + p.fee });
  }
  return [...totals.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/**
 * Batch payouts: download the template, upload a CSV or XLSX file (checked by the server: type by
 * content, size, rows, every cell), then every row in a table with each error on its cell; fix a cell
 * in place (checked again as typed, by the same rules) or drop the row; submit when none is left, with
 * one idempotency key: the same rows submitted again answer with the first batch.
 */
export function BatchPayout({
  services,
  blockedReason,
}: {
  services: PayoutServiceRecord[];
  blockedReason: string | null;
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [pageNum, setPageNum] = useState(1);
  const [confirming, setConfirming] = useState(false);

  const validate = useMutation({
    mutationFn: (file: File) => validateBatchFile(file),
    onMutate: () => setUploadError(null),
    onSuccess: (answer) => {
      setDraft({ fileName: answer.fileName, rows: answer.rows.map((cells, i) => ({ line: i + 1, cells })) });
      setPageNum(1);
      setOnlyErrors(answer.errors.length > 0);
      submit.newOperation();
    },
    onError: (error) => setUploadError(error instanceof Error ? error.message : 'The file could not be read.'),
  });
  const checked = useMemo(
    () =>
      draft
        ? checkPayoutRows(
            draft.rows.map((r) => r.cells),
            services,
          )
        : null,
    [draft, services],
  );
  const withErrors = checked ? checked.errors.filter((e) => e.length).length : 0;
  const totals = checked ? totalsOf(checked.valid) : [];
  const submit = useIdempotentMutation((body: SubmitPayoutBatchRequest, key: string) => submitPayoutBatch(body, key), {
    onSuccess: (batch) => {
      message.success(`Batch of ${countNoun(batch.rowCount, 'payout')} submitted.`);
      void invalidateKeys(queryClient, keysChangedByPayout());
      navigate(payoutBatchPath(batch.batchId));
    },
    onError: (error) => {
      setConfirming(false);
      message.error(error instanceof Error ? error.message : 'The batch could not be submitted.');
    },
  });

  const setCell = (line: number, field: PayoutRowField, value: string) =>
    setDraft(
      (d) =>
        d && { ...d, rows: d.rows.map((r) => (r.line === line ? { ...r, cells: { ...r.cells, [field]: value } } : r)) },
    );
  const drop = (line: number) => setDraft((d) => d && { ...d, rows: d.rows.filter((r) => r.line !== line) });

  if (!draft || !checked) {
    return (
      <section className="mbo-payout-form" aria-label="Batch file">
        {blockedReason ? <Alert type="info" showIcon title={blockedReason} style={{ marginBottom: 16 }} /> : null}
        <Typography.Paragraph>
          Pay up to {PAYOUT_LIMITS.maxRows.toLocaleString('en-US')} beneficiaries at once: fill in the template (one
          payout per row) and upload it as CSV or XLSX, at most {PAYOUT_LIMITS.maxFileBytes / 1024 / 1024} MB. You can
          fix or drop rows before you submit.
        </Typography.Paragraph>
        <Space wrap style={{ marginBottom: 16 }}>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate('CSV')}>
            CSV template
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate('XLSX')}>
            XLSX template
          </Button>
        </Space>
        <Upload.Dragger
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          multiple={false}
          showUploadList={false}
          disabled={blockedReason !== null || validate.isPending}
          beforeUpload={(file) => {
            validate.mutate(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">
            {validate.isPending ? 'Checking every row…' : 'Click or drop your batch file here'}
          </p>
          <p className="ant-upload-hint">
            CSV (UTF-8) or XLSX, up to {PAYOUT_LIMITS.maxRows.toLocaleString('en-US')} rows
          </p>
        </Upload.Dragger>
        {uploadError ? <Alert type="error" showIcon title={uploadError} style={{ marginTop: 16 }} /> : null}
      </section>
    );
  }

  const shown = draft.rows
    .map((r, i) => ({ ...r, errors: errorsByField(checked.errors[i]) }))
    .filter((r) => !onlyErrors || Object.keys(r.errors).length);
  const columns = [
    {
      key: 'line',
      title: 'Row',
      width: 64,
      fixed: 'left' as const,
      render: (_: unknown, r: (typeof shown)[number]) => r.line,
    },
    ...PAYOUT_ROW_FIELDS.map((field) => ({
      key: field,
      title: PAYOUT_ROW_LABELS[field],
      width: WIDTHS[field] ?? 120,
      render: (_: unknown, r: (typeof shown)[number]) => {
        const error = r.errors[field];
        const errorId = `batch-row-${r.line}-${field}-error`;
        return (
          <div>
            <Input
              size="small"
              aria-label={`Row ${r.line} ${PAYOUT_ROW_LABELS[field]}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              status={error ? 'error' : undefined}
              value={r.cells[field]}
              onChange={(e) => setCell(r.line, field, e.target.value)}
            />
            {error ? (
              <div className="mbo-batch-cell-error" id={errorId} role="alert">
                {error}
              </div>
            ) : null}
          </div>
        );
      },
    })),
    {
      key: 'drop',
      title: <span className="mbo-list-sr-only">Drop</span>,
      width: 56,
      fixed: 'right' as const,
      render: (_: unknown, r: (typeof shown)[number]) => (
        <Tooltip title="Drop this row">
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`Drop row ${r.line}`}
            onClick={() => drop(r.line)}
          />
        </Tooltip>
      ),
    },
  ];
  return (
    <section className="mbo-payout-form" aria-label="Batch file">
      <div className="mbo-batch-head">
        <div>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
            {draft.fileName}
          </Typography.Title>
          <span className="mbo-list-sub">
            {draft.rows.length.toLocaleString('en-US')} rows · {withErrors ? `${withErrors} with errors` : 'all valid'}
          </span>
        </div>
        <Space wrap>
          <Segmented
            value={onlyErrors ? 'errors' : 'all'}
            onChange={(v) => {
              setOnlyErrors(v === 'errors');
              setPageNum(1);
            }}
            options={[
              { value: 'all', label: 'All rows' },
              { value: 'errors', label: `With errors (${withErrors})` },
            ]}
          />
          <Button onClick={() => setDraft(null)}>Upload another file</Button>
        </Space>
      </div>
      {withErrors ? (
        <Alert
          type="warning"
          showIcon
          title={`Fix or drop the ${withErrors} row${withErrors === 1 ? '' : 's'} with errors to submit the batch.`}
        />
      ) : null}
      <Table
        rowKey="line"
        size="small"
        dataSource={shown}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: pageNum,
          pageSize: 50,
          total: shown.length,
          showSizeChanger: false,
          onChange: setPageNum,
          showTotal: (n) => `${n.toLocaleString('en-US')} rows`,
        }}
        locale={{ emptyText: onlyErrors ? 'No row has an error.' : 'Every row was dropped.' }}
      />
      <dl className="mbo-payout-form__summary" aria-label="Batch totals">
        {totals.map(([currency, t]) => (
          <div key={currency}>
            <dt>
              {currency} · {countNoun(t.count, 'payout')}
            </dt>
            <dd>{displayMoney(t.amount, currency)}</dd>
            <dd className="mbo-list-sub">+ fees {displayMoney(t.fee, currency)}</dd>
          </div>
        ))}
      </dl>
      <div>
        <Button
          type="primary"
          disabled={blockedReason !== null || withErrors > 0 || draft.rows.length === 0}
          onClick={() => setConfirming(true)}
        >
          Submit {countNoun(draft.rows.length, 'payout')}
        </Button>
      </div>
      <Modal
        open={confirming}
        title="Submit batch"
        okText="Submit batch"
        onOk={() => submit.mutate({ fileName: draft!.fileName, rows: draft!.rows.map((r) => r.cells) })}
        confirmLoading={submit.isPending}
        onCancel={submit.isPending ? undefined : () => setConfirming(false)}
        centered
      >
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label="File">{draft.fileName}</Descriptions.Item>
          <Descriptions.Item label="Payouts">{draft.rows.length.toLocaleString('en-US')}</Descriptions.Item>
          {totals.map(([currency, t]) => (
            <Descriptions.Item key={currency} label={`Total ${currency}`}>
              {displayMoney(t.amount + t.fee, currency)} (fees {displayMoney(t.fee, currency)})
            </Descriptions.Item>
          ))}
        </Descriptions>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          The totals are reserved from your available balance now, all at once or not at all.
        </Typography.Paragraph>
      </Modal>
    </section>
  );
}
