import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { currencyExponent } from '@mbo/contracts/money';
import type { PaymentDetail } from '@mbo/contracts/payments';
import { REFUND_REASONS, type CreateRefundRequest, type RefundReason } from '@mbo/contracts/refunds';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';
import { displayMoney } from '@/lib/display-money';
import { invalidateKeys } from '@/lib/query-keys';
import { createRefund, keysChangedByRefund } from '../api/create-refund';
import { useIdempotentMutation } from '@/lib/use-idempotent-mutation';
import { TYPING_AMOUNT_RE } from '@/lib/typed-amount';
import { checkRefundAmount, describeRefundAmount, type RefundMode } from '../utils/refund-amount';
import FieldItem from '@/components/field-item';

export interface RefundModalProps {
  payment: PaymentDetail;
  open: boolean;
  onClose: () => void;
}

/**
 * Full or partial refund of a payment, reason (+ note for "Other"), then a confirmation step.
 * Mounted per opening (the page keys it by opening), so each opening has its own idempotency key; a
 * retry of the same request reuses it, a changed request gets a new one. It stays mounted while it
 * closes, so antd hands focus back to the control that opened it.
 */
export default function RefundModal({ payment, open, onClose }: RefundModalProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [mode, setMode] = useState<RefundMode>('FULL');
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState<RefundReason | undefined>(undefined);
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const { t } = useTranslation('payments', { keyPrefix: 'refundModal' });
  const label = useLabel();

  const currency = payment.currency;
  const refundable = payment.refundableAmount;
  const check = checkRefundAmount(mode, typed, refundable, currency, t);
  const noteMissing = reason === 'OTHER' && !note.trim();
  const formValid = check.amount !== null && !!reason && !noteMissing;

  const mutation = useIdempotentMutation((body: CreateRefundRequest, key: string) => createRefund(body, key), {
    onSuccess: () => {
      message.success(t('submitted', { amount: describeRefundAmount(check, currency) }));
      void invalidateKeys(queryClient, keysChangedByRefund());
      onClose();
    },
    // Errors are toasts from the HTTP client (e.g. "Payment can only be refunded once.").
  });

  const body = (): CreateRefundRequest => ({
    paymentId: payment.paymentId,
    amount: check.amount ?? '',
    reason: reason ?? 'OTHER',
    ...(note.trim() ? { note: note.trim() } : {}),
  });

  const decimals = currencyExponent(currency);
  const amountText = describeRefundAmount(check, currency);
  const reasonLabel = reason ? label('REFUND_REASON_CODES', reason) : undefined;

  const footer =
    step === 'form' ? (
      <Space>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button
          type="primary"
          onClick={() => {
            setTouched(true);
            if (formValid) setStep('confirm');
          }}
        >
          {t('continue')}
        </Button>
      </Space>
    ) : (
      <Space>
        <Button onClick={() => setStep('form')} disabled={mutation.isPending}>
          {t('back')}
        </Button>
        <Button type="primary" danger loading={mutation.isPending} onClick={() => mutation.mutate(body())}>
          {t('refundAmountButton', { amount: amountText })}
        </Button>
      </Space>
    );

  return (
    <Modal
      open={open}
      title={step === 'form' ? t('titleForm') : t('titleConfirm')}
      onCancel={mutation.isPending ? undefined : onClose}
      mask={{ closable: !mutation.isPending }}
      footer={footer}
      width={520}
      centered
    >
      {step === 'form' ? (
        <Form layout="vertical" onFinish={() => undefined} component="div">
          <Form.Item label={t('refundType')}>
            <Radio.Group
              value={mode}
              onChange={(e) => setMode(e.target.value as RefundMode)}
              aria-label={t('refundType')}
            >
              <Space orientation="vertical">
                <Radio value="FULL">{t('full', { amount: displayMoney(refundable, currency) })}</Radio>
                <Radio value="PARTIAL">{t('partial')}</Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
          {mode === 'PARTIAL' ? (
            <FieldItem
              label={t('amount')}
              htmlFor="refund-amount"
              required
              error={touched ? check.error : undefined}
              help={t('amountHelp', { amount: displayMoney(refundable, currency) })}
            >
              <Input
                id="refund-amount"
                inputMode="decimal"
                autoComplete="off"
                placeholder={decimals ? `0.${'0'.repeat(decimals)}` : '0'}
                suffix={currency}
                value={typed}
                onChange={(e) => TYPING_AMOUNT_RE.test(e.target.value) && setTyped(e.target.value)}
                style={{ maxWidth: 240 }}
              />
            </FieldItem>
          ) : null}
          <FieldItem
            label={t('reason')}
            htmlFor="refund-reason"
            required
            error={touched && !reason ? t('chooseReason') : undefined}
          >
            <Select<RefundReason>
              id="refund-reason"
              placeholder={t('reasonPlaceholder')}
              value={reason}
              options={REFUND_REASONS.map((r) => ({ value: r.value, label: label('REFUND_REASON_CODES', r.value) }))}
              onChange={setReason}
            />
          </FieldItem>
          {reason === 'OTHER' ? (
            <FieldItem
              label={t('note')}
              htmlFor="refund-note"
              required
              error={touched && noteMissing ? t('noteMissing') : undefined}
            >
              <Input.TextArea
                id="refund-note"
                rows={3}
                maxLength={500}
                showCount
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </FieldItem>
          ) : null}
        </Form>
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Paragraph style={{ fontSize: 15, margin: 0 }}>
            {t('confirmBefore')}
            <strong>{amountText}</strong>
            {t('confirmMiddle', { gross: displayMoney(payment.amount, currency) })}
            <strong>{payment.customerEmail || payment.customerName || t('theCustomer')}</strong>
            {payment.cardMasked ? (
              <>
                {t('confirmCard')}
                <span className="mbo-detail-mono">{payment.cardMasked}</span>
              </>
            ) : null}
            {t('confirmEnd')}
          </Typography.Paragraph>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('payment')}>{payment.paymentId}</Descriptions.Item>
            <Descriptions.Item label={t('amountLabel')}>{amountText}</Descriptions.Item>
            <Descriptions.Item label={t('reason')}>{reasonLabel}</Descriptions.Item>
            {note.trim() ? <Descriptions.Item label={t('note')}>{note.trim()}</Descriptions.Item> : null}
          </Descriptions>
          <Alert type="warning" showIcon title={t('warning')} />
        </Space>
      )}
    </Modal>
  );
}
