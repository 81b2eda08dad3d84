import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { currencyExponent } from '@mbo/contracts/money';
import {
  WITHDRAWAL_REMARK_MAX,
  describeWithdrawalHours,
  type CreateWithdrawalRequest,
  type WithdrawConfig,
} from '@mbo/contracts/withdrawals';
import { displayMoney } from '@/lib/display-money';
import { formatZonedDateTime } from '@/lib/format-time';
import { ApiError } from '@/lib/http/request';
import { invalidateKeys } from '@/lib/query-keys';
import { useIdempotentMutation } from '@/lib/use-idempotent-mutation';
import { TYPING_AMOUNT_RE } from '@/lib/typed-amount';
import { createWithdrawal } from '../api/withdrawals';
import { keysChangedByWithdrawal } from '../api/withdrawal-keys';
import { quoteWithdrawal, withdrawAllText } from '../utils/withdraw-amount';
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
  const hours = describeWithdrawalHours(config.hours);
  if (config.openNow)
    return <Alert type="success" showIcon title="Withdrawals are open now" description={`Working hours: ${hours}.`} />;
  const next = config.nextOpenAt ? ` They open ${formatZonedDateTime(config.nextOpenAt, timeZone, 'minute')}.` : '';
  return (
    <Alert
      type="warning"
      showIcon
      title={`Withdrawals are closed now${config.closedReason ? ` (${config.closedReason})` : ''}`}
      description={`Working hours: ${hours}.${next}`}
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
  const quote = quoteWithdrawal(text, agreement, available);
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
      message.success(`Withdrawal of ${displayMoney(w.amount, w.currency)} submitted.`);
      finish(w.withdrawalId);
    },
    onError: (error) => {
      setConfirming(false);
      if (error instanceof ApiError && error.code === ERROR_CODES.WITHDRAW_TIMEOUT) {
        const id = (error.envelope?.data as { withdrawalId?: string } | null)?.withdrawalId;
        void modal.warning({ title: 'The bank did not answer in time', content: error.message });
        finish(id ?? null);
        return;
      }
      // A refusal is final for this request: the key was not used (the server rolled it back).
      message.error(error instanceof Error ? error.message : 'The withdrawal could not be submitted.');
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
  const noAccount =
    !account && currency ? `No verified ${currency} bank account. Add one under Settings → Bank accounts.` : undefined;
  return (
    <section className="mbo-withdraw" aria-label="New withdrawal">
      <div className="mbo-withdraw__head">
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          New withdrawal
        </Typography.Title>
        <Link to="/settings/bank-accounts">Manage bank accounts</Link>
      </div>
      <HoursNotice config={config} timeZone={timeZone} />
      {blockedReason ? <Alert type="info" showIcon title={blockedReason} /> : null}
      <Form layout="vertical" component="div" className="mbo-withdraw__form" disabled={disabled}>
        <Form.Item
          label="Currency"
          htmlFor="withdraw-currency"
          help={noAgreement.length ? `No withdrawal agreement for ${noAgreement.join(', ')}.` : undefined}
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
              return { value: a.currency, label: `${a.currency} · ${displayMoney(avail, a.currency)} available` };
            })}
            notFoundContent="No withdrawal agreement"
          />
        </Form.Item>
        <FieldItem
          label="Amount"
          htmlFor="withdraw-amount"
          required
          error={showError ? quote.error : undefined}
          help={agreement ? `Available ${displayMoney(available, agreement.currency)}` : undefined}
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
              Withdraw all
            </Button>
          </Space.Compact>
        </FieldItem>
        <FieldItem
          label="To bank account"
          htmlFor="withdraw-account"
          required
          error={touched && !account ? (noAccount ?? 'Choose a bank account.') : undefined}
          help={noAccount}
        >
          <Select
            id="withdraw-account"
            showSearch={{ optionFilterProp: 'label' }}
            value={account?.bankAccountId}
            onChange={setAccountId}
            options={accounts.map((a) => ({
              value: a.bankAccountId,
              label: `${a.bankName} ${a.maskedNumber}${a.isDefault ? ' (default)' : ''}`,
            }))}
            notFoundContent="No verified account in this currency"
          />
        </FieldItem>
        <Form.Item
          label="Remark (optional)"
          htmlFor="withdraw-remark"
          help="Shown on the withdrawal; up to 140 characters."
        >
          <Input
            id="withdraw-remark"
            maxLength={WITHDRAWAL_REMARK_MAX}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
          />
        </Form.Item>
      </Form>
      <dl className="mbo-withdraw__summary" aria-label="Withdrawal summary">
        <div>
          <dt>Amount</dt>
          <dd>{quote.amount !== null && currency ? displayMoney(quote.amount, currency) : '—'}</dd>
        </div>
        <div>
          <dt>Fee</dt>
          <dd>{quote.fee !== null && currency ? displayMoney(quote.fee, currency) : '—'}</dd>
        </div>
        <div className="mbo-withdraw__receive">
          <dt>You receive</dt>
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
        Continue
      </Button>
      <Modal
        open={confirming}
        title="Confirm withdrawal"
        okText={quote.amount !== null && currency ? `Withdraw ${displayMoney(quote.amount, currency)}` : 'Withdraw'}
        onOk={() => mutation.mutate(body())}
        confirmLoading={mutation.isPending}
        onCancel={mutation.isPending ? undefined : () => setConfirming(false)}
        centered
      >
        {valid && currency ? (
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="From">Available {currency} balance</Descriptions.Item>
            <Descriptions.Item label="To">{`${account!.bankName} ${account!.maskedNumber}`}</Descriptions.Item>
            <Descriptions.Item label="Amount">{displayMoney(quote.amount!, currency)}</Descriptions.Item>
            <Descriptions.Item label="Fee">{displayMoney(quote.fee!, currency)}</Descriptions.Item>
            <Descriptions.Item label="You receive">{displayMoney(quote.received!, currency)}</Descriptions.Item>
            {remark.trim() ? <Descriptions.Item label="Remark">{remark.trim()}</Descriptions.Item> : null}
          </Descriptions>
        ) : null}
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          The amount is reserved from your available balance now. You can cancel while the withdrawal is pending.
        </Typography.Paragraph>
      </Modal>
    </section>
  );
}
