import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { currencyExponent } from '@mbo/contracts/money';
import { WITHDRAWAL_REMARK_MAX, type CreateWithdrawalRequest, type WithdrawConfig } from '@mbo/contracts/withdrawals';
import { displayMoney } from '@/lib/display-money';
import { formatZonedDateTime } from '@/lib/format-time';
import { ApiError } from '@/lib/http/request';
import { invalidateKeys } from '@/lib/query-keys';
import { useIdempotentMutation } from '@/lib/use-idempotent-mutation';
import { TYPING_AMOUNT_RE } from '@/lib/typed-amount';
import { createWithdrawal } from '../api/withdrawals';
import { keysChangedByWithdrawal } from '../api/withdrawal-keys';
import { quoteWithdrawal, withdrawAllText } from '../utils/withdraw-amount';
import { closedReasonText, describeHours } from '../utils/withdraw-hours';
import './withdraw-form.css';
import FieldItem from '@/components/field-item';

export interface WithdrawFormProps {
  config: WithdrawConfig;
  /** Why the user cannot withdraw (no permission), or null. */
  blockedReason: string | null;
  timeZone: string | null | undefined;
  /** After a submission (or a time-out): the page shows the order. */
  onSubmitted: (withdrawalId: string) => void;
}

/** When the desk is open, and whether it is now. */
function HoursNotice({ config, timeZone }: { config: WithdrawConfig; timeZone: string | null | undefined }) {
  const { t } = useTranslation('withdrawals', { keyPrefix: 'hours' });
  const { t: tw } = useTranslation('withdrawals');
  const hours = describeHours(config.hours, tw);
  if (config.openNow)
    return <Alert type="success" showIcon title={t('openNow')} description={t('working', { hours })} />;
  return (
    <Alert
      type="warning"
      showIcon
      title={
        config.closedReason ? t('closedNowWhy', { reason: closedReasonText(config.closedReason, tw) }) : t('closedNow')
      }
      description={
        config.nextOpenAt
          ? t('workingNext', { hours, at: formatZonedDateTime(config.nextOpenAt, timeZone, 'minute') })
          : t('working', { hours })
      }
    />
  );
}

/**
 * New withdrawal: currency (those with an agreement), amount (with "Withdraw all"), a verified account
 * in that currency (the default first), an optional remark; the fee and the amount received shown as
 * it is typed; a confirmation; then one submission with its idempotency key.
 */
export function WithdrawForm({ config, blockedReason, timeZone, onSubmitted }: WithdrawFormProps) {
  const { message, modal } = App.useApp();
  const { t: tw } = useTranslation('withdrawals');
  const { t } = useTranslation('withdrawals', { keyPrefix: 'form' });
  const queryClient = useQueryClient();
  const currencies = config.agreements.map((a) => a.currency);
  const [currency, setCurrency] = useState<string | undefined>(currencies[0]);
  const [text, setText] = useState('');
  const [accountId, setAccountId] = useState<string | undefined>(undefined);
  const [remark, setRemark] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const agreement = config.agreements.find((a) => a.currency === currency);
  const available = config.balances.find((b) => b.currency === currency)?.available ?? 0;
  const accounts = config.accounts.filter((a) => a.currency === currency);
  const account =
    accounts.find((a) => a.bankAccountId === accountId) ?? accounts.find((a) => a.isDefault) ?? accounts[0];
  const quote = quoteWithdrawal(text, agreement, available, tw);
  const noAgreement = config.balances
    .filter((b) => b.available > 0 && !currencies.includes(b.currency))
    .map((b) => b.currency);
  const disabled = blockedReason !== null || !config.openNow;
  const valid = !!agreement && !!account && quote.error === null && quote.amount !== null;

  const body = (): CreateWithdrawalRequest => ({
    currency: currency as CreateWithdrawalRequest['currency'],
    amount: quote.text ?? text.trim(),
    bankAccountId: account!.bankAccountId,
    ...(remark.trim() ? { remark: remark.trim() } : {}),
  });
  const mutation = useIdempotentMutation((b: CreateWithdrawalRequest, key: string) => createWithdrawal(b, key), {
    onSuccess: (w) => {
      message.success(t('submitted', { amount: displayMoney(w.amount, w.currency) }));
      finish(w.withdrawalId);
    },
    onError: (error) => {
      setConfirming(false);
      if (error instanceof ApiError && error.code === ERROR_CODES.WITHDRAW_TIMEOUT) {
        const id = (error.envelope?.data as { withdrawalId?: string } | null)?.withdrawalId;
        void modal.warning({ title: t('timeoutTitle'), content: error.message });
        finish(id ?? null);
        return;
      }
      // A refusal is final for this request: the key was not used (the server rolled it back).
      message.error(error instanceof Error ? error.message : t('failed'));
      void invalidateKeys(queryClient, keysChangedByWithdrawal());
    },
  });
  function finish(withdrawalId: string | null) {
    setConfirming(false);
    setText('');
    setRemark('');
    setTouched(false);
    mutation.newOperation();
    // Balances, the history and the config (balances) all change.
    void invalidateKeys(queryClient, keysChangedByWithdrawal());
    if (withdrawalId) onSubmitted(withdrawalId);
  }

  const decimals = currency ? currencyExponent(currency) : 2;
  const showError = touched && quote.error;
  const noAccount = !account && currency ? t('noAccount', { currency }) : undefined;
  return (
    <section className="mbo-withdraw" aria-label={t('title')}>
      <div className="mbo-withdraw__head">
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          {t('title')}
        </Typography.Title>
        <Link to="/settings/bank-accounts">{t('manageAccounts')}</Link>
      </div>
      <HoursNotice config={config} timeZone={timeZone} />
      {blockedReason ? <Alert type="info" showIcon title={blockedReason} /> : null}
      <Form layout="vertical" component="div" className="mbo-withdraw__form" disabled={disabled}>
        <Form.Item
          label={t('currency')}
          htmlFor="withdraw-currency"
          help={noAgreement.length ? t('noAgreementFor', { currencies: noAgreement.join(', ') }) : undefined}
        >
          <Select
            id="withdraw-currency"
            showSearch={{ optionFilterProp: 'label' }}
            value={currency}
            onChange={(c: string) => {
              setCurrency(c);
              setAccountId(undefined);
            }}
            options={config.agreements.map((a) => {
              const avail = config.balances.find((b) => b.currency === a.currency)?.available ?? 0;
              return {
                value: a.currency,
                label: t('currencyOption', { currency: a.currency, amount: displayMoney(avail, a.currency) }),
              };
            })}
            notFoundContent={t('noAgreement')}
          />
        </Form.Item>
        <FieldItem
          label={t('amount')}
          htmlFor="withdraw-amount"
          required
          error={showError ? quote.error : undefined}
          help={agreement ? t('available', { amount: displayMoney(available, agreement.currency) }) : undefined}
        >
          <Space.Compact style={{ width: '100%' }}>
            <Input
              id="withdraw-amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder={decimals ? `0.${'0'.repeat(decimals)}` : '0'}
              suffix={currency}
              value={text}
              onChange={(e) => TYPING_AMOUNT_RE.test(e.target.value) && setText(e.target.value)}
              onBlur={() => setTouched(true)}
            />
            <Button
              onClick={() => agreement && available > 0 && setText(withdrawAllText(available, agreement.currency))}
              disabled={disabled || available <= 0}
            >
              {t('withdrawAll')}
            </Button>
          </Space.Compact>
        </FieldItem>
        <FieldItem
          label={t('toAccount')}
          htmlFor="withdraw-account"
          required
          error={touched && !account ? (noAccount ?? t('chooseAccount')) : undefined}
          help={noAccount}
        >
          <Select
            id="withdraw-account"
            showSearch={{ optionFilterProp: 'label' }}
            value={account?.bankAccountId}
            onChange={setAccountId}
            options={accounts.map((a) => ({
              value: a.bankAccountId,
              label: a.isDefault
                ? t('accountDefault', { account: `${a.bankName} ${a.maskedNumber}` })
                : `${a.bankName} ${a.maskedNumber}`,
            }))}
            notFoundContent={t('noAccountInCurrency')}
          />
        </FieldItem>
        <Form.Item label={t('remark')} htmlFor="withdraw-remark" help={t('remarkHelp')}>
          <Input
            id="withdraw-remark"
            maxLength={WITHDRAWAL_REMARK_MAX}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
          />
        </Form.Item>
      </Form>
      <dl className="mbo-withdraw__summary" aria-label={t('summary')}>
        <div>
          <dt>{t('amount')}</dt>
          <dd>{quote.amount !== null && currency ? displayMoney(quote.amount, currency) : '—'}</dd>
        </div>
        <div>
          <dt>{t('fee')}</dt>
          <dd>{quote.fee !== null && currency ? displayMoney(quote.fee, currency) : '—'}</dd>
        </div>
        <div className="mbo-withdraw__receive">
          <dt>{t('youReceive')}</dt>
          <dd>{quote.received !== null && currency ? displayMoney(Math.max(quote.received, 0), currency) : '—'}</dd>
        </div>
      </dl>
      <Button
        type="primary"
        block
        disabled={disabled}
        onClick={() => {
          setTouched(true);
          if (valid) setConfirming(true);
        }}
      >
        {t('continue')}
      </Button>
      <Modal
        open={confirming}
        title={t('confirmTitle')}
        okText={
          quote.amount !== null && currency
            ? t('withdrawAmount', { amount: displayMoney(quote.amount, currency) })
            : t('withdraw')
        }
        onOk={() => mutation.mutate(body())}
        confirmLoading={mutation.isPending}
        onCancel={mutation.isPending ? undefined : () => setConfirming(false)}
        centered
      >
        {valid && currency ? (
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('from')}>{t('fromBalance', { currency })}</Descriptions.Item>
            <Descriptions.Item label={t('to')}>{`${account!.bankName} ${account!.maskedNumber}`}</Descriptions.Item>
            <Descriptions.Item label={t('amount')}>{displayMoney(quote.amount!, currency)}</Descriptions.Item>
            <Descriptions.Item label={t('fee')}>{displayMoney(quote.fee!, currency)}</Descriptions.Item>
            <Descriptions.Item label={t('youReceive')}>{displayMoney(quote.received!, currency)}</Descriptions.Item>
            {remark.trim() ? <Descriptions.Item label={t('remarkLabel')}>{remark.trim()}</Descriptions.Item> : null}
          </Descriptions>
        ) : null}
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('reservedNote')}
        </Typography.Paragraph>
      </Modal>
    </section>
  );
}
