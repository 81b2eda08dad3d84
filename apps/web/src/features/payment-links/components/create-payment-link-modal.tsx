import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Modal, Radio, Result, Select, Space, Typography } from 'antd';
import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/i18n/use-translation';
import { CURRENCIES, type Currency } from '@mbo/contracts/money';
import { displayMoney } from '@/lib/display-money';
import {
  PAYMENT_LINK_EXPIRY_PRESETS,
  PAYMENT_LINK_MAX_DAYS,
  type PaymentLinkRecord,
} from '@mbo/contracts/payment-links';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { useGlobalState } from '@/lib/global-state';
import { ApiError } from '@/lib/http/request';
import { describePlan } from '@/lib/display-plan';
import { formatDateTime, formatZonedDateTime, timeZoneLabel } from '@/lib/format-time';
import { cardCurrenciesQueryOptions } from '../api/list-card-currencies';
import { createPaymentLink } from '../api/create-payment-link';
import { paymentLinkKeys } from '../api/payment-link-keys';
import { amountPlaceholder, linkAmountProblem, readLinkAmount } from '../utils/link-amount';
import { INITIAL_PLAN, toSubscriptionPlan, type PlanFormValues } from '../utils/link-plan';
import { LinkQrCode } from './link-qr-code';
import { PaymentKindField, SubscriptionPlanFields } from './subscription-plan-fields';
import { useCopyLink } from './use-copy-link';

const DAY_MS = 24 * 60 * 60 * 1000;
const DESCRIPTION_MAX = 200;

interface FormValues extends PlanFormValues {
  amount: string;
  currency: Currency;
  description: string;
  reusable: boolean;
  expiryChoice: number | 'custom';
  customDays?: number | null;
}

const INITIAL: FormValues = {
  amount: '',
  currency: 'EUR',
  description: '',
  reusable: false,
  expiryChoice: 7,
  customDays: null,
  ...INITIAL_PLAN,
};

/** The server's field names → the form's (the plan's fields are nested under `subscription`). */
const FORM_FIELDS: Readonly<Record<string, keyof FormValues>> = {
  amount: 'amount',
  currency: 'currency',
  description: 'description',
  'subscription.interval': 'interval',
  'subscription.intervalCount': 'intervalCount',
  'subscription.cycles': 'cycles',
};

/** The server's field errors of a failed create ("No decimals." is about the amount). */
function fieldErrorsOf(error: unknown): Map<keyof FormValues, string> {
  const out = new Map<keyof FormValues, string>();
  if (!(error instanceof ApiError)) return out;
  const fields = (error.envelope?.data as { fields?: { field: string; message: string }[] } | null)?.fields ?? [];
  for (const f of fields) {
    const name = FORM_FIELDS[f.field];
    if (name && !out.has(name)) out.set(name, f.message);
  }
  if (error.code === ERROR_CODES.NO_DECIMALS) out.set('amount', error.message);
  return out;
}

/** A server's field message as a sentence: "must be at most 12" → "The interval count must be at most 12.". */
function sentence(t: TFunction, field: keyof FormValues, message: string): string {
  const text = message.endsWith('.') ? message : `${message}.`;
  if (/^[A-Z]/.test(text)) return text;
  const fallback = `${field[0].toUpperCase()}${field.slice(1)}`;
  return `${t(`create.fieldWords.${field}`, { ns: 'payment-links', defaultValue: fallback })} ${text}`;
}

function daysOf(values: Partial<FormValues>): number | null {
  if (values.expiryChoice === 'custom') return typeof values.customDays === 'number' ? values.customDays : null;
  return values.expiryChoice ?? null;
}

/**
 * Create a link (one-off or subscription plan, amount, currency, description, single-use or reusable, expiry), then
 * share it.
 */
export function CreatePaymentLinkModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('payment-links', { keyPrefix: 'create' });
  const { t: tn } = useTranslation('payment-links');
  const [form] = Form.useForm<FormValues>();
  const { user } = useGlobalState();
  const queryClient = useQueryClient();
  const copy = useCopyLink();
  const [created, setCreated] = useState<PaymentLinkRecord | null>(null);
  // When the form was opened: the expiry preview counts from it.
  const [openedAt, setOpenedAt] = useState(() => Date.now());
  const currency = Form.useWatch('currency', form) ?? INITIAL.currency;
  const subscription = (Form.useWatch('kind', form) ?? INITIAL.kind) === 'SUBSCRIPTION';
  // Only currencies a card pay-in service takes (all of them while loading or when the call fails).
  const cardCurrencies = useQuery({ ...cardCurrenciesQueryOptions(), enabled: open });
  const currencies: readonly Currency[] = cardCurrencies.data ?? CURRENCIES;
  useEffect(() => {
    const held = cardCurrencies.data;
    if (held?.length && !held.includes(form.getFieldValue('currency'))) form.setFieldValue('currency', held[0]);
  }, [cardCurrencies.data, form]);
  const expiryChoice = Form.useWatch('expiryChoice', form) ?? INITIAL.expiryChoice;
  const customDays = Form.useWatch('customDays', form);
  const days = daysOf({ expiryChoice, customDays });

  const mutation = useMutation({
    mutationFn: createPaymentLink,
    onSuccess: (link) => {
      setCreated(link);
      void queryClient.invalidateQueries({ queryKey: paymentLinkKeys.lists() });
    },
    onError: (error) => {
      const byField = fieldErrorsOf(error);
      form.setFields([...byField].map(([name, message]) => ({ name, errors: [sentence(tn, name, message)] })));
    },
  });

  const submit = (values: FormValues) => {
    const expiresInDays = daysOf(values);
    if (expiresInDays === null) return;
    const plan = toSubscriptionPlan(values);
    const amount = readLinkAmount(tn, values.amount, values.currency);
    if (!amount.ok) return;
    mutation.mutate({
      amount: amount.text,
      currency: values.currency,
      description: values.description.trim(),
      reusable: values.reusable,
      expiresInDays,
      ...(plan ? { subscription: plan } : {}),
    });
  };

  const reset = () => {
    setOpenedAt(Date.now());
    setCreated(null);
    mutation.reset();
    form.resetFields();
  };

  const close = () => {
    onClose();
    // After the closing animation, so the success view does not flash back to the form.
    setTimeout(reset, 300);
  };

  return (
    <Modal
      open={open}
      onCancel={close}
      title={created ? null : t('title')}
      width={560}
      centered
      maskClosable={!mutation.isPending}
      footer={
        created ? (
          <Space>
            <Button onClick={reset}>{t('createAnother')}</Button>
            <Button type="primary" onClick={close}>
              {t('done')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={close}>{t('cancel')}</Button>
            <Button type="primary" loading={mutation.isPending} onClick={() => form.submit()}>
              {t('createLink')}
            </Button>
          </Space>
        )
      }
    >
      {created ? (
        <Result
          status="success"
          title={t('created')}
          subTitle={t('createdSummary', {
            amount: displayMoney(created.amount, created.currency),
            plan: created.subscription ? ` ${describePlan(created.subscription)}` : '',
            type: created.reusable ? t('reusable') : t('singleUse'),
            time: formatZonedDateTime(created.expiresAt, user?.timeZone),
          })}
          style={{ padding: '8px 0 0' }}
          extra={
            <div
              style={{ display: 'flex', flexDirection: 'column', gap: 16, alignItems: 'stretch', textAlign: 'left' }}
            >
              <Space.Compact style={{ width: '100%' }}>
                <Input
                  readOnly
                  value={created.url}
                  aria-label={t('urlLabel')}
                  onFocus={(e) => e.currentTarget.select()}
                />
                <Button icon={<CopyOutlined />} aria-label={t('copyLink')} onClick={() => void copy(created.url)}>
                  {t('copy')}
                </Button>
                <Button
                  icon={<ExportOutlined />}
                  href={created.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('openLink')}
                >
                  {t('open')}
                </Button>
              </Space.Compact>
              <LinkQrCode url={created.url} fileName={`payment-link-${created.linkId}`} size={168} withLink={false} />
            </div>
          }
        />
      ) : (
        <Form<FormValues>
          form={form}
          layout="vertical"
          initialValues={INITIAL}
          onFinish={submit}
          requiredMark={false}
          disabled={mutation.isPending}
          style={{ marginTop: 16 }}
        >
          <PaymentKindField />
          <Form.Item label={subscription ? t('amountPerCycle') : t('amount')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="currency" noStyle rules={[{ required: true, message: t('chooseCurrency') }]}>
                <Select
                  aria-label={t('currency')}
                  showSearch
                  style={{ width: 110 }}
                  loading={cardCurrencies.isPending}
                  notFoundContent={t('noCardService')}
                  options={currencies.map((c) => ({ value: c, label: c }))}
                  onChange={() => {
                    if (form.getFieldValue('amount')) void form.validateFields(['amount']);
                  }}
                />
              </Form.Item>
              <Form.Item
                name="amount"
                noStyle
                rules={[
                  {
                    validator: (_, value: string | undefined) => {
                      const problem = linkAmountProblem(
                        tn,
                        value ?? '',
                        form.getFieldValue('currency') ?? INITIAL.currency,
                      );
                      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                    },
                  },
                ]}
              >
                <Input
                  aria-label={subscription ? t('amountPerCycle') : t('amount')}
                  inputMode="decimal"
                  placeholder={amountPlaceholder(currency)}
                  autoFocus
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
          <SubscriptionPlanFields />
          <Form.Item
            name="description"
            label={t('description')}
            tooltip={t('descriptionTip')}
            rules={[
              { required: true, whitespace: true, message: t('describe') },
              { max: DESCRIPTION_MAX, message: t('atMostChars', { max: DESCRIPTION_MAX }) },
            ]}
          >
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 4 }}
              maxLength={DESCRIPTION_MAX}
              showCount
              placeholder={t('descriptionPlaceholder')}
            />
          </Form.Item>

          <Form.Item name="reusable" label={t('type')}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={[
                { value: false, label: t('singleUse') },
                { value: true, label: t('reusable') },
              ]}
            />
          </Form.Item>
          <Form.Item shouldUpdate={(a, b) => a.reusable !== b.reusable || a.kind !== b.kind} noStyle>
            {() => (
              <Typography.Paragraph type="secondary" style={{ marginTop: -16, fontSize: 13 }}>
                {form.getFieldValue('kind') === 'SUBSCRIPTION'
                  ? form.getFieldValue('reusable')
                    ? t('hintSubscriptionReusable')
                    : t('hintSubscriptionSingle')
                  : form.getFieldValue('reusable')
                    ? t('hintReusable')
                    : t('hintSingle')}
              </Typography.Paragraph>
            )}
          </Form.Item>

          <Form.Item label={t('expiresIn')} required style={{ marginBottom: 8 }}>
            <Space wrap>
              <Form.Item name="expiryChoice" noStyle>
                <Radio.Group
                  optionType="button"
                  aria-label={t('expiresIn')}
                  options={[
                    ...PAYMENT_LINK_EXPIRY_PRESETS.map((d) => ({ value: d, label: t('days', { count: d }) })),
                    { value: 'custom', label: t('custom') },
                  ]}
                  onChange={() => form.setFields([{ name: 'customDays', errors: [] }])}
                />
              </Form.Item>
              {expiryChoice === 'custom' ? (
                <Form.Item
                  name="customDays"
                  noStyle
                  rules={[
                    {
                      validator: (_, value: number | null | undefined) =>
                        form.getFieldValue('expiryChoice') !== 'custom' ||
                        (typeof value === 'number' &&
                          Number.isInteger(value) &&
                          value >= 1 &&
                          value <= PAYMENT_LINK_MAX_DAYS)
                          ? Promise.resolve()
                          : Promise.reject(new Error(t('daysRange', { max: PAYMENT_LINK_MAX_DAYS }))),
                    },
                  ]}
                >
                  <InputNumber
                    aria-label={t('daysLabel')}
                    min={1}
                    max={PAYMENT_LINK_MAX_DAYS}
                    precision={0}
                    suffix={t('daysSuffix')}
                    style={{ width: 120 }}
                  />
                </Form.Item>
              ) : null}
            </Space>
          </Form.Item>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
            {days
              ? t('expiresAt', {
                  time: formatDateTime(new Date(openedAt + days * DAY_MS).toISOString(), user?.timeZone),
                  zone: timeZoneLabel(user?.timeZone),
                })
              : t('upTo', { max: PAYMENT_LINK_MAX_DAYS })}
          </Typography.Text>
          {mutation.isError && fieldErrorsOf(mutation.error).size === 0 ? (
            <Alert type="error" showIcon style={{ marginTop: 16 }} title={mutation.error.message} />
          ) : null}
        </Form>
      )}
    </Modal>
  );
}
