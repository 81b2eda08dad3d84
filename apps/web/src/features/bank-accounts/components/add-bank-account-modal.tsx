import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import type { TFunction } from 'i18next';
import type { AddBankAccountRequest } from '@mbo/contracts/bank-accounts';
import { ApiError } from '@/lib/http/request';
import { invalidateKeys } from '@/lib/query-keys';
import { addBankAccount } from '../api/bank-accounts';
import { keysChangedByBankAccount } from '../api/bank-account-keys';
import {
  CURRENCY_OPTIONS,
  accountFormErrors,
  countryOptions,
  numberFieldsOf,
  suggestedCurrency,
  type AccountFormField,
  type AccountFormValues,
} from '../utils/account-form';
import FieldItem from '@/components/field-item';
import { accountFieldErrorText, type FieldErrorLike } from '@/lib/validator-errors';

const EMPTY: Partial<AccountFormValues> = {
  country: undefined,
  currency: undefined,
  bankName: '',
  holderName: '',
  accountNumber: '',
  routingCode: '',
  bic: '',
};

/** The server's field errors of a refused add, by field; other refusals (duplicate, limit) as one message. */
function serverErrorsOf(
  error: unknown,
  t: TFunction,
): { fields: Partial<Record<AccountFormField, string>>; message: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, message: error ? t('add.failed') : null };
  // The account rules' errors come coded (AccountFieldError); a request check's, as a message only.
  const list = (error.envelope?.data as { fields?: (FieldErrorLike & { field: string })[] } | null)?.fields ?? [];
  const fields: Partial<Record<AccountFormField, string>> = {};
  for (const f of list) fields[f.field as AccountFormField] ??= accountFieldErrorText(t, f);
  return { fields, message: list.length ? null : error.message };
}

/**
 * Adds a bank account: country first (it decides IBAN or a local number with its routing code), then
 * currency, bank, holder and the number. Every field is checked as it is typed by the same validator
 * the server runs; the number is never shown again after this (masked everywhere).
 */
export function AddBankAccountModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const { t } = useTranslation('bankAccounts');
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Partial<AccountFormValues>>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<AccountFormField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const mutation = useMutation({
    mutationFn: (body: AddBankAccountRequest) => addBankAccount(body),
    onSuccess: (account) => {
      message.success(t('add.added', { account: `${account.bankName} ${account.maskedNumber}` }));
      void invalidateKeys(queryClient, keysChangedByBankAccount());
      close();
    },
  });
  const fields = numberFieldsOf(values.country ?? '', t);
  const errors = accountFormErrors(values, t);
  const server = serverErrorsOf(mutation.error, t);
  const errorOf = (field: AccountFormField) => ((submitted || touched[field]) && errors[field]) || server.fields[field];
  const set = (patch: Partial<AccountFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    mutation.reset();
  };
  const touch = (field: AccountFormField) => setTouched((was) => ({ ...was, [field]: true }));
  function close() {
    setValues(EMPTY);
    setTouched({});
    setSubmitted(false);
    mutation.reset();
    onClose();
  }
  const submit = () => {
    setSubmitted(true);
    if (Object.keys(errors).length) return;
    const v = values as AccountFormValues;
    mutation.mutate({
      country: v.country,
      currency: v.currency,
      bankName: v.bankName.trim(),
      holderName: v.holderName.trim(),
      accountNumber: v.accountNumber,
      ...(fields.scheme === 'LOCAL' && v.routingCode ? { routingCode: v.routingCode } : {}),
      ...(v.bic ? { bic: v.bic } : {}),
    });
  };
  const item = (
    field: AccountFormField,
    label: string,
    control: React.ReactNode,
    opts: { required?: boolean; help?: string } = {},
  ) => {
    const error = errorOf(field);
    return (
      <FieldItem
        label={label}
        htmlFor={`bank-${field}`}
        required={opts.required ?? true}
        error={error}
        help={opts.help}
      >
        {control}
      </FieldItem>
    );
  };
  return (
    <Modal
      open={open}
      title={t('add.title')}
      okText={t('add.ok')}
      onOk={submit}
      confirmLoading={mutation.isPending}
      onCancel={mutation.isPending ? undefined : close}
      width={560}
      centered
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('add.intro')}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        {item(
          'country',
          t('add.country'),
          <Select
            id="bank-country"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('add.countryPlaceholder')}
            options={countryOptions()}
            value={values.country}
            onChange={(country: string) =>
              set({ country, currency: values.currency ?? suggestedCurrency(country), routingCode: '' })
            }
            onBlur={() => touch('country')}
          />,
        )}
        {item(
          'currency',
          t('add.currency'),
          <Select
            id="bank-currency"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('add.currencyPlaceholder')}
            options={CURRENCY_OPTIONS}
            value={values.currency}
            onChange={(currency) => set({ currency })}
          />,
          { help: t('add.currencyHelp') },
        )}
        {item(
          'bankName',
          t('add.bankName'),
          <Input
            id="bank-bankName"
            maxLength={80}
            value={values.bankName}
            onChange={(e) => set({ bankName: e.target.value })}
            onBlur={() => touch('bankName')}
          />,
        )}
        {item(
          'holderName',
          t('add.holder'),
          <Input
            id="bank-holderName"
            maxLength={70}
            autoComplete="off"
            value={values.holderName}
            onChange={(e) => set({ holderName: e.target.value })}
            onBlur={() => touch('holderName')}
          />,
          { help: t('add.holderHelp') },
        )}
        {item(
          'accountNumber',
          fields.numberLabel,
          <Input
            id="bank-accountNumber"
            className="mbo-list-mono"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            value={values.accountNumber}
            onChange={(e) => set({ accountNumber: e.target.value })}
            onBlur={() => touch('accountNumber')}
          />,
          { help: fields.numberHint },
        )}
        {fields.routingLabel
          ? item(
              'routingCode',
              fields.routingLabel,
              <Input
                id="bank-routingCode"
                className="mbo-list-mono"
                autoComplete="off"
                maxLength={20}
                value={values.routingCode}
                onChange={(e) => set({ routingCode: e.target.value })}
                onBlur={() => touch('routingCode')}
              />,
              { help: fields.routingHint ?? undefined },
            )
          : null}
        {item(
          'bic',
          t('add.bic'),
          <Input
            id="bank-bic"
            className="mbo-list-mono"
            autoComplete="off"
            maxLength={11}
            value={values.bic}
            onChange={(e) => set({ bic: e.target.value })}
            onBlur={() => touch('bic')}
          />,
          { required: false, help: t('add.bicHelp') },
        )}
      </Form>
      {server.message ? <Alert type="error" showIcon title={server.message} /> : null}
    </Modal>
  );
}
