import { Button, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EyeOutlined, StarOutlined } from '@ant-design/icons';
import type { BankAccountRecord } from '@mbo/contracts/bank-accounts';
import type { BankAccountListColumnKey } from '@mbo/contracts/lists/bank-accounts-list';
import type { ListTableProps } from '@/components/list/list-table';
import StatusTag from '@/components/list/status-tag';
import { TimeColumnTitle } from '@/components/list/zone-title';
import { formatDateTime } from '@/lib/format-time';
import { BANK_ACCOUNT_STATUS_LABEL, BANK_ACCOUNT_STATUS_TONE } from '../utils/bank-account-status';

export interface BankAccountActions {
  onSetDefault(account: BankAccountRecord): void;
  onRemove(account: BankAccountRecord): void;
  /** Shows the full number (audited); null when the role may not (API_BANK_ACCOUNT_REVEAL): no button then. */
  onReveal: ((account: BankAccountRecord) => void) | null;
  /** Why the user cannot change accounts (no permission), or null. */
  blockedReason: string | null;
}

function AccountStatus({ record: r }: { record: BankAccountRecord }) {
  const tag = <StatusTag tone={BANK_ACCOUNT_STATUS_TONE[r.status]}>{BANK_ACCOUNT_STATUS_LABEL[r.status]}</StatusTag>;
  return r.rejectionReason ? <Tooltip title={r.rejectionReason}>{tag}</Tooltip> : tag;
}

/** Why an account cannot be removed now, or null. */
export function removeBlockedReason(r: BankAccountRecord): string | null {
  if (r.isDefault)
    return `This is your default ${r.currency} account. Make another ${r.currency} account the default first.`;
  if (r.inFlightWithdrawals > 0) return 'A withdrawal to this account is still in progress.';
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
          Default
        </Tag>
      ) : null,
    createdAt: (r) => <span className="mbo-list-nowrap">{formatDateTime(r.createdAt, tz)}</span>,
    bankAccountId: (r) => <span className="mbo-list-mono">{r.bankAccountId}</span>,
  };
  const buttons = (r: BankAccountRecord) => {
    const defaultTip =
      actions.blockedReason ??
      (r.isDefault
        ? 'Already the default'
        : r.status !== 'VERIFIED'
          ? 'Only a verified account can be the default'
          : `Make default for ${r.currency}`);
    const removeTip = actions.blockedReason ?? removeBlockedReason(r) ?? 'Remove';
    const onReveal = actions.onReveal;
    return (
      <Space size={2}>
        {onReveal && (
          <Tooltip title="Reveal the full number (recorded in the audit log)">
            <Button
              type="text"
              icon={<EyeOutlined />}
              aria-label={`Reveal ${r.bankName} ${r.maskedNumber}`}
              onClick={() => onReveal(r)}
            />
          </Tooltip>
        )}
        <Tooltip title={defaultTip}>
          <Button
            type="text"
            icon={<StarOutlined />}
            aria-label={`Make ${r.bankName} ${r.maskedNumber} the default`}
            disabled={actions.blockedReason !== null || r.isDefault || r.status !== 'VERIFIED'}
            onClick={() => actions.onSetDefault(r)}
          />
        </Tooltip>
        <Tooltip title={removeTip}>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`Remove ${r.bankName} ${r.maskedNumber}`}
            disabled={actions.blockedReason !== null || removeBlockedReason(r) !== null}
            onClick={() => actions.onRemove(r)}
          />
        </Tooltip>
      </Space>
    );
  };
  const trailing: TableColumnsType<BankAccountRecord>[number] = {
    key: 'actions',
    title: <span className="mbo-list-sr-only">Actions</span>,
    fixed: 'right',
    width: actions.onReveal ? 128 : 96,
    render: (_, r) => buttons(r),
  };
  const narrowColumns: TableColumnsType<BankAccountRecord> = [
    {
      key: 'account',
      title: 'Bank accounts',
      render: (_, r) => (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'center' }}>
            {accountLine(r)}
            <AccountStatus record={r} />
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.holderName} · {r.country} · {r.currency}
            {r.isDefault ? ' · Default' : ''}
          </Typography.Text>
          {buttons(r)}
        </div>
      ),
    },
  ];
  return { cells, titles: { createdAt: <TimeColumnTitle title="Added" timeZone={tz} /> }, trailing, narrowColumns };
}
