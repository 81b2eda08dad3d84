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
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';
import { displayNumber } from '@/lib/formats';
import {
  checkPayoutRows,
  PAYOUT_LIMITS,
  PAYOUT_ROW_FIELDS,
  type PayoutRowField,
  type PayoutRowInput,
} from '@mbo/contracts/payout-rows';
import type { PayoutServiceRecord } from '@mbo/contracts/payout-services';
import type { SubmitPayoutBatchRequest } from '@mbo/contracts/payouts';
import { displayMoney } from '@/lib/display-money';
import { invalidateKeys } from '@/lib/query-keys';
import { useIdempotentMutation } from '@/lib/use-idempotent-mutation';
import { downloadTemplate, submitPayoutBatch, validateBatchFile } from '../api/payouts-api';
import { keysChangedByPayout } from '../api/payout-keys';
import { VALIDATOR_NAMESPACES } from '@/lib/validator-errors';
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
    const sum = totals.get(p.currency) ?? { count: 0, amount: 0, fee: 0 };
    totals.set(p.currency, { count: sum.count + 1, amount: sum.amount + p.amount, fee: sum.fee + p.fee });
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
  const { t } = useTranslation('payouts', { keyPrefix: 'batch' });
  const { t: tn } = useTranslation(VALIDATOR_NAMESPACES);
  const label = useLabel();
  const fieldName = (field: PayoutRowField) => label('PAYOUT_ROW_FIELDS', field);
  const payouts = (n: number) => tn('payouts', { count: n, number: displayNumber(n) });
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
    onError: (error) => setUploadError(error instanceof Error ? error.message : t('readFailed')),
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
      message.success(t('submitted', { payouts: payouts(batch.rowCount) }));
      void invalidateKeys(queryClient, keysChangedByPayout());
      navigate(payoutBatchPath(batch.batchId));
    },
    onError: (error) => {
      setConfirming(false);
      message.error(error instanceof Error ? error.message : t('submitFailed'));
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
      <section className="mbo-payout-form" aria-label={t('label')}>
        {blockedReason ? <Alert type="info" showIcon title={blockedReason} style={{ marginBottom: 16 }} /> : null}
        <Typography.Paragraph>
          {t('intro', {
            maxRows: displayNumber(PAYOUT_LIMITS.maxRows),
            maxMb: displayNumber(PAYOUT_LIMITS.maxFileBytes / 1024 / 1024),
          })}
        </Typography.Paragraph>
        <Space wrap style={{ marginBottom: 16 }}>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate('CSV')}>
            {t('csvTemplate')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate('XLSX')}>
            {t('xlsxTemplate')}
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
          <p className="ant-upload-text">{validate.isPending ? t('checking') : t('dropHere')}</p>
          <p className="ant-upload-hint">{t('hint', { maxRows: displayNumber(PAYOUT_LIMITS.maxRows) })}</p>
        </Upload.Dragger>
        {uploadError ? <Alert type="error" showIcon title={uploadError} style={{ marginTop: 16 }} /> : null}
      </section>
    );
  }

  const shown = draft.rows
    .map((r, i) => ({ ...r, errors: errorsByField(tn, label, checked.errors[i]) }))
    .filter((r) => !onlyErrors || Object.keys(r.errors).length);
  const columns = [
    {
      key: 'line',
      title: t('row'),
      width: 64,
      fixed: 'left' as const,
      render: (_: unknown, r: (typeof shown)[number]) => r.line,
    },
    ...PAYOUT_ROW_FIELDS.map((field) => ({
      key: field,
      title: fieldName(field),
      width: WIDTHS[field] ?? 120,
      render: (_: unknown, r: (typeof shown)[number]) => {
        const error = r.errors[field];
        const errorId = `batch-row-${r.line}-${field}-error`;
        return (
          <div>
            <Input
              size="small"
              aria-label={t('rowField', { line: r.line, field: fieldName(field) })}
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
      title: <span className="mbo-list-sr-only">{t('drop')}</span>,
      width: 56,
      fixed: 'right' as const,
      render: (_: unknown, r: (typeof shown)[number]) => (
        <Tooltip title={t('dropTip')}>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('dropRow', { line: r.line })}
            onClick={() => drop(r.line)}
          />
        </Tooltip>
      ),
    },
  ];
  return (
    <section className="mbo-payout-form" aria-label={t('label')}>
      <div className="mbo-batch-head">
        <div>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
            {draft.fileName}
          </Typography.Title>
          <span className="mbo-list-sub">
            {t('headLine', {
              rows: t('rows', { number: displayNumber(draft.rows.length) }),
              state: withErrors ? t('withErrorsCount', { number: displayNumber(withErrors) }) : t('allValid'),
            })}
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
              { value: 'all', label: t('allRows') },
              { value: 'errors', label: t('withErrors', { number: displayNumber(withErrors) }) },
            ]}
          />
          <Button onClick={() => setDraft(null)}>{t('uploadAnother')}</Button>
        </Space>
      </div>
      {withErrors ? <Alert type="warning" showIcon title={t('fixOrDrop', { count: withErrors })} /> : null}
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
          showTotal: (n) => t('rows', { number: displayNumber(n) }),
        }}
        locale={{ emptyText: onlyErrors ? t('noRowError') : t('allDropped') }}
      />
      <dl className="mbo-payout-form__summary" aria-label={t('totals')}>
        {totals.map(([currency, sum]) => (
          <div key={currency}>
            <dt>{t('currencyCount', { currency, payouts: payouts(sum.count) })}</dt>
            <dd>{displayMoney(sum.amount, currency)}</dd>
            <dd className="mbo-list-sub">{t('plusFees', { amount: displayMoney(sum.fee, currency) })}</dd>
          </div>
        ))}
      </dl>
      <div>
        <Button
          type="primary"
          disabled={blockedReason !== null || withErrors > 0 || draft.rows.length === 0}
          onClick={() => setConfirming(true)}
        >
          {t('submitN', { payouts: payouts(draft.rows.length) })}
        </Button>
      </div>
      <Modal
        open={confirming}
        title={t('submitTitle')}
        okText={t('submitTitle')}
        onOk={() => submit.mutate({ fileName: draft!.fileName, rows: draft!.rows.map((r) => r.cells) })}
        confirmLoading={submit.isPending}
        onCancel={submit.isPending ? undefined : () => setConfirming(false)}
        centered
      >
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('file')}>{draft.fileName}</Descriptions.Item>
          <Descriptions.Item label={t('payouts')}>{displayNumber(draft.rows.length)}</Descriptions.Item>
          {totals.map(([currency, sum]) => (
            <Descriptions.Item key={currency} label={t('totalCurrency', { currency })}>
              {t('totalWithFees', {
                total: displayMoney(sum.amount + sum.fee, currency),
                fee: displayMoney(sum.fee, currency),
              })}
            </Descriptions.Item>
          ))}
        </Descriptions>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('reserved')}
        </Typography.Paragraph>
      </Modal>
    </section>
  );
}
