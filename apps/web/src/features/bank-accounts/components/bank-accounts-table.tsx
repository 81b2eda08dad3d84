import { Button, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EyeOutlined, StarOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { BankAccountRecord } from '@mbo/contracts/bank-accounts';
import type { BankAccountListColumnKey } from '@mbo/contracts/lists/bank-accounts-list';
import type { ListTableProps } from '@/components/list/list-table';
import StatusTag from '@/components/list/status-tag';
import { TimeColumnTitle } from '@/components/list/zone-title';
import { formatDateTime } from '@/lib/format-time';
import { useLabel } from '@/i18n/use-label';
import { BANK_ACCOUNT_STATUS_TONE } from '../utils/bank-account-status';
import { RecordText } from '@/components/record-text';

export interface BankAccountActions {
  onSetDefault(account: BankAccountRecord): void;
  onRemove(account: BankAccountRecord): void;
  /** Shows the full number (audited); null when the role may not (API_BANK_ACCOUNT_REVEAL): no button then. */
  onReveal: ((account: BankAccountRecord) => void) | null;
  /** Why the user cannot change accounts (no permission), or null. */
  blockedReason: string | null;
}

function AccountStatus({ record: r }: { record: BankAccountRecord }) {
  const label = useLabel();
  const tag = (
    <StatusTag tone={BANK_ACCOUNT_STATUS_TONE[r.status]}>{label('BANK_ACCOUNT_STATUSES', r.status)}</StatusTag>
  );
  return r.rejectionReason ? <Tooltip title={<RecordText text={r.rejectionReason} />}>{tag}</Tooltip> : tag;
}

/** Why an account cannot be removed now, or null. */
export function removeBlockedReason(r: BankAccountRecord, t: TFunction): string | null {
  if (r.isDefault) return t('table.isDefaultBlocked', { currency: r.currency });
  if (r.inFlightWithdrawals > 0) return t('table.inFlightBlocked');
  return null;
}

const accountLine = (r: BankAccountRecord) => (
  <span>
    <span className="mbo-list-nowrap" style={{ fontWeight: 500 }}>
      {r.bankName}
    </span>
    <span className="mbo-list-sub mbo-list-mono">
      {r.maskedNumber}
      {r.routingCode ? ` · ${r.routingCode}` : ''}
      {r.bic ? ` · ${r.bic}` : ''}
    </span>
  </span>
);

/** How the bank accounts list shows each column, its row actions and its phone layout. */
export function bankAccountsTable(
  actions: BankAccountActions,
  tz: string | null | undefined,
  t: TFunction,
): Pick<ListTableProps<BankAccountRecord>, 'cells' | 'titles' | 'trailing' | 'narrowColumns'> {
  const cells: Record<BankAccountListColumnKey, (r: BankAccountRecord) => React.ReactNode> = {
    account: accountLine,
    holder: (r) => r.holderName,
    currency: (r) => r.currency,
    country: (r) => r.country,
    status: (r) => <AccountStatus record={r} />,
    isDefault: (r) =>
      r.isDefault ? (
        <Tag color="blue" variant="filled">
          {t('table.default')}
        </Tag>
      ) : null,
    createdAt: (r) => <span className="mbo-list-nowrap">{formatDateTime(r.createdAt, tz)}</span>,
    bankAccountId: (r) => <span className="mbo-list-mono">{r.bankAccountId}</span>,
  };
  const buttons = (r: BankAccountRecord) => {
    const account = `${r.bankName} ${r.maskedNumber}`;
    const defaultTip =
      actions.blockedReason ??
      (r.isDefault
        ? t('table.alreadyDefault')
        : r.status !== 'VERIFIED'
          ? t('table.onlyVerified')
          : t('table.makeDefaultFor', { currency: r.currency }));
    const removeTip = actions.blockedReason ?? removeBlockedReason(r, t) ?? t('table.remove');
    const onReveal = actions.onReveal;
    return (
      <Space size={2}>
        {onReveal && (
          <Tooltip title={t('table.revealTip')}>
            <Button
              type="text"
              icon={<EyeOutlined />}
              aria-label={t('table.revealLabel', { account })}
              onClick={() => onReveal(r)}
            />
          </Tooltip>
        )}
        <Tooltip title={defaultTip}>
          <Button
            type="text"
            icon={<StarOutlined />}
            aria-label={t('table.makeDefaultLabel', { account })}
            disabled={actions.blockedReason !== null || r.isDefault || r.status !== 'VERIFIED'}
            onClick={() => actions.onSetDefault(r)}
          />
        </Tooltip>
        <Tooltip title={removeTip}>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('table.removeLabel', { account })}
            disabled={actions.blockedReason !== null || removeBlockedReason(r, t) !== null}
            onClick={() => actions.onRemove(r)}
          />
        </Tooltip>
      </Space>
    );
  };
  const trailing: TableColumnsType<BankAccountRecord>[number] = {
    key: 'actions',
    title: <span className="mbo-list-sr-only">{t('table.actions')}</span>,
    fixed: 'right',
    width: actions.onReveal ? 128 : 96,
    render: (_, r) => buttons(r),
  };
  const narrowColumns: TableColumnsType<BankAccountRecord> = [
    {
      key: 'account',
      title: t('table.narrowTitle'),
      render: (_, r) => (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'center' }}>
            {accountLine(r)}
            <AccountStatus record={r} />
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.holderName} · {r.country} · {r.currency}
            {r.isDefault ? t('table.defaultSuffix') : ''}
          </Typography.Text>
          {buttons(r)}
        </div>
      ),
    },
  ];
  return {
    cells,
    titles: { createdAt: <TimeColumnTitle title={t('table.added')} timeZone={tz} /> },
    trailing,
    narrowColumns,
  };
}
