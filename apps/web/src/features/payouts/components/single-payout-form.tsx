import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Form, Input, Modal, Segmented, Select } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import {
  checkPayoutRow,
  emptyPayoutRow,
  PAYOUT_PURPOSES,
  type PayoutCellError,
  type PayoutRowField,
  type PayoutRowInput,
} from '@mbo/contracts/payout-rows';
import type { PayoutServiceRecord } from '@mbo/contracts/payout-services';
import { displayMoney } from '@/lib/display-money';
import { ApiError } from '@/lib/http/request';
import { countryName } from '@/lib/country-name';
import { invalidateKeys } from '@/lib/query-keys';
import { useIdempotentMutation } from '@/lib/use-idempotent-mutation';
import { localRuleWords, payoutCellErrorText, VALIDATOR_NAMESPACES } from '@/lib/validator-errors';
import { createPayout } from '../api/payouts-api';
import { keysChangedByPayout } from '../api/payout-keys';
import { payoutDetailPath } from '../utils/payout-status';
import FieldItem from '@/components/field-item';

const unique = (values: string[]) => [...new Set(values)].sort();

/**
 * One payout: the country and method first (they decide the currencies a payout service offers and the
 * account fields), then amount, beneficiary and account, purpose and reference. Every field is checked
 * as typed by the shared row rules; the fee and the total are shown before a confirmation; one submit
 * with its idempotency key.
 */
export function SinglePayoutForm({
  services,
  blockedReason,
}: {
  services: PayoutServiceRecord[];
  blockedReason: string | null;
}) {
  const { t } = useTranslation('payouts', { keyPrefix: 'single' });
  const { t: tv } = useTranslation(VALIDATOR_NAMESPACES);
  const label = useLabel();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const active = useMemo(() => services.filter((s) => s.status === 'ACTIVE'), [services]);
  const [row, setRow] = useState<PayoutRowInput>(() => ({
    ...emptyPayoutRow(),
    method: 'BANK_TRANSFER',
    purpose: 'SUPPLIER',
  }));
  const [touched, setTouched] = useState<Partial<Record<PayoutRowField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [serverErrors, setServerErrors] = useState<PayoutCellError[]>([]);

  const countries = unique(active.map((s) => s.country));
  const methods = unique(active.filter((s) => s.country === row.country).map((s) => s.methodType));
  const currencies = unique(
    active.filter((s) => s.country === row.country && s.methodType === row.method).map((s) => s.currency),
  );
  const check = checkPayoutRow(row, services);
  const errors = check.ok ? [] : check.errors;
  // A local number's country: its routing code's name and the hints, in the reader's language.
  const local = row.method === 'BANK_TRANSFER' && row.country ? localRuleWords(tv, row.country) : null;
  const set = (patch: Partial<PayoutRowInput>) => {
    setRow((r) => ({ ...r, ...patch }));
    setServerErrors([]);
  };
  const errorOf = (field: PayoutRowField) => {
    const e =
      serverErrors.find((x) => x.field === field) ??
      (submitted || touched[field] ? errors.find((x) => x.field === field) : undefined);
    return e ? payoutCellErrorText(tv, label, e) : undefined;
  };

  const mutation = useIdempotentMutation((body: PayoutRowInput, key: string) => createPayout(body, key), {
    onSuccess: (p) => {
      message.success(t('success', { amount: displayMoney(p.amount, p.currency), name: p.beneficiaryName }));
      void invalidateKeys(queryClient, keysChangedByPayout());
      navigate(payoutDetailPath(p.payoutId));
    },
    onError: (error) => {
      setConfirming(false);
      if (error instanceof ApiError && error.code === ERROR_CODES.PAYOUT_ROWS_INVALID) {
        setServerErrors(
          ((error.envelope?.data as { rows?: { errors: PayoutCellError[] }[] } | null)?.rows ?? [])[0]?.errors ?? [],
        );
        return;
      }
      message.error(error instanceof Error ? error.message : t('failed'));
    },
  });

  const item = (field: PayoutRowField, label: string, control: React.ReactNode, help?: string, required = true) => (
    <FieldItem label={label} htmlFor={`payout-${field}`} required={required} error={errorOf(field)} help={help}>
      {control}
    </FieldItem>
  );
  const text = (field: PayoutRowField, extra: Partial<React.ComponentProps<typeof Input>> = {}) => (
    <Input
      id={`payout-${field}`}
      value={row[field]}
      onChange={(e) => set({ [field]: e.target.value })}
      onBlur={() => setTouched((was) => ({ ...was, [field]: true }))}
      autoComplete="off"
      {...extra}
    />
  );
  const disabled = blockedReason !== null;
  return (
    <section className="mbo-payout-form mbo-payout-form--narrow" aria-label={t('label')}>
      {blockedReason ? <Alert type="info" showIcon title={blockedReason} style={{ marginBottom: 16 }} /> : null}
      <Form layout="vertical" component="div" disabled={disabled} className="mbo-payout-form__grid">
        {item(
          'country',
          t('country'),
          <Select
            id="payout-country"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('countryPlaceholder')}
            value={row.country || undefined}
            options={countries.map((c) => ({ value: c, label: countryName(c) }))}
            onChange={(country: string) => {
              const m = unique(active.filter((s) => s.country === country).map((s) => s.methodType));
              const method = m.includes(row.method) ? row.method : (m[0] ?? 'BANK_TRANSFER');
              const c = unique(
                active.filter((s) => s.country === country && s.methodType === method).map((s) => s.currency),
              );
              set({ country, method, currency: c[0] ?? '', routingCode: '' });
            }}
          />,
          t('countryHelp'),
        )}
        {item(
          'method',
          t('method'),
          <Segmented
            id="payout-method"
            value={row.method}
            onChange={(m) =>
              set({
                method: String(m),
                currency:
                  unique(
                    active.filter((s) => s.country === row.country && s.methodType === m).map((s) => s.currency),
                  )[0] ?? '',
              })
            }
            options={[
              { value: 'BANK_TRANSFER', label: t('bankTransfer'), disabled: !methods.includes('BANK_TRANSFER') },
              { value: 'EWALLET', label: t('ewallet'), disabled: !methods.includes('EWALLET') },
            ]}
          />,
        )}
        {item(
          'currency',
          t('currency'),
          <Select
            id="payout-currency"
            value={row.currency || undefined}
            placeholder={t('currencyPlaceholder')}
            options={currencies.map((c) => ({ value: c, label: c }))}
            onChange={(currency: string) => set({ currency })}
          />,
        )}
        {item(
          'amount',
          t('amount'),
          text('amount', { inputMode: 'decimal', suffix: row.currency || undefined, placeholder: '0.00' }),
          t('amountHelp'),
        )}
        {item('beneficiaryName', t('beneficiaryName'), text('beneficiaryName', { maxLength: 70 }))}
        {item(
          'accountNumber',
          row.method === 'EWALLET' ? t('walletId') : local ? t('accountNumber') : t('iban'),
          text('accountNumber', { className: 'mbo-list-mono', maxLength: 64 }),
          row.method === 'EWALLET' ? t('walletHelp') : local ? local.accountHint : t('ibanHelp'),
        )}
        {local
          ? item(
              'routingCode',
              local.routingLabel,
              text('routingCode', { className: 'mbo-list-mono', maxLength: 20 }),
              local.routingHint,
            )
          : null}
        {row.method === 'BANK_TRANSFER'
          ? item('bic', t('bic'), text('bic', { className: 'mbo-list-mono', maxLength: 11 }), undefined, false)
          : null}
        {item(
          'purpose',
          t('purpose'),
          <Select
            id="payout-purpose"
            value={row.purpose}
            options={PAYOUT_PURPOSES.map((p) => ({ value: p, label: label('PAYOUT_PURPOSES', p) }))}
            onChange={(purpose: string) => set({ purpose })}
          />,
        )}
        {item('reference', t('reference'), text('reference', { maxLength: 35 }), t('referenceHelp'), false)}
      </Form>
      <dl className="mbo-payout-form__summary" aria-label={t('summary')}>
        <div>
          <dt>{t('amount')}</dt>
          <dd>{check.ok ? displayMoney(check.payout.amount, check.payout.currency) : '—'}</dd>
        </div>
        <div>
          <dt>{t('fee')}</dt>
          <dd>{check.ok ? displayMoney(check.payout.fee, check.payout.currency) : '—'}</dd>
        </div>
        <div>
          <dt>{t('totalFromBalance')}</dt>
          <dd>
            <strong>
              {check.ok ? displayMoney(check.payout.amount + check.payout.fee, check.payout.currency) : '—'}
            </strong>
          </dd>
        </div>
      </dl>
      <div>
        <Button
          type="primary"
          disabled={disabled}
          onClick={() => {
            setSubmitted(true);
            if (check.ok) setConfirming(true);
          }}
        >
          {t('continue')}
        </Button>
      </div>
      <Modal
        open={confirming}
        title={t('confirmTitle')}
        okText={
          check.ok ? t('payAmount', { amount: displayMoney(check.payout.amount, check.payout.currency) }) : t('pay')
        }
        onOk={() => mutation.mutate(row)}
        confirmLoading={mutation.isPending}
        onCancel={mutation.isPending ? undefined : () => setConfirming(false)}
        centered
      >
        {check.ok ? (
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item
              label={t('to')}
            >{`${check.payout.beneficiaryName} · ${check.payout.country} · •••• ${check.payout.last4}`}</Descriptions.Item>
            <Descriptions.Item label={t('amount')}>
              {displayMoney(check.payout.amount, check.payout.currency)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fee')}>
              {displayMoney(check.payout.fee, check.payout.currency)}
            </Descriptions.Item>
            <Descriptions.Item label={t('total')}>
              {displayMoney(check.payout.amount + check.payout.fee, check.payout.currency)}
            </Descriptions.Item>
            <Descriptions.Item label={t('purpose')}>{label('PAYOUT_PURPOSES', check.payout.purpose)}</Descriptions.Item>
            {check.payout.reference ? (
              <Descriptions.Item label={t('referenceShort')}>{check.payout.reference}</Descriptions.Item>
            ) : null}
          </Descriptions>
        ) : null}
      </Modal>
    </section>
  );
}
