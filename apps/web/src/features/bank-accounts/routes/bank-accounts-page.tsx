import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { BankAccountRecord, ListBankAccountsRequest } from '@mbo/contracts/bank-accounts';
import { BANK_ACCOUNTS_LIST } from '@mbo/contracts/lists/bank-accounts-list';
import ListPage from '@/components/list/list-page';
import { readListQuery, toApiFilters, type ListQuery } from '@/components/list/list-request';
import { useListState } from '@/components/list/use-list-state';
import { useGlobalState } from '@/lib/global-state';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { invalidateKeys } from '@/lib/query-keys';
import { keysChangedByBankAccount } from '../api/bank-account-keys';
import {
  bankAccountsQueryOptions,
  removeBankAccount,
  revealBankAccountNumber,
  setDefaultBankAccount,
} from '../api/bank-accounts';
import { AddBankAccountModal } from '../components/add-bank-account-modal';
import { bankAccountsTable } from '../components/bank-accounts-table';
import { BANK_ACCOUNT_STATUS_LABEL, BANK_ACCOUNT_STATUS_TONE } from '../utils/bank-account-status';

const HEADER = {
  eyebrow: 'Settings',
  title: 'Bank accounts',
  subtitle:
    'Where your withdrawals go. A new account is verified by the bank before it can receive money; one account per currency is the default.',
};
const NO_PERMISSION = 'Your role cannot change bank accounts (API_BANK_ACCOUNT_UPDATE). Ask an owner.';

function bankAccountsQuery(list: ListQuery<typeof BANK_ACCOUNTS_LIST>, tz: string | null | undefined, quiet = false) {
  const request = {
    ...toApiFilters(BANK_ACCOUNTS_LIST, list.filters, tz),
    pageNum: list.pageNum,
    pageSize: list.pageSize,
  } as ListBankAccountsRequest;
  return bankAccountsQueryOptions(request, { quiet });
}

export const prefetch: PagePrefetch = ({ queryClient, search, timeZone }) => {
  void queryClient.prefetchQuery(bankAccountsQuery(readListQuery(BANK_ACCOUNTS_LIST, search), timeZone, true));
};

/**
 * /settings/bank-accounts: BANK_ACCOUNTS_LIST by the list kit; add, make default and remove
 * (API_BANK_ACCOUNT_UPDATE), reveal a full number (API_BANK_ACCOUNT_REVEAL, audited); server-checked.
 */
export default function BankAccountsPage() {
  const { user, hasPermission } = useGlobalState();
  const tz = user?.timeZone;
  const canUpdate = hasPermission('API_BANK_ACCOUNT_UPDATE');
  const canReveal = hasPermission('API_BANK_ACCOUNT_REVEAL');
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const list = useListState(BANK_ACCOUNTS_LIST);
  const [adding, setAdding] = useState(false);
  const page = useQuery({ ...bankAccountsQuery(list, tz), placeholderData: keepPreviousData });
  const refresh = () => invalidateKeys(queryClient, keysChangedByBankAccount());
  const makeDefault = useMutation({
    mutationFn: (a: BankAccountRecord) => setDefaultBankAccount(a.bankAccountId),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (a: BankAccountRecord) => removeBankAccount(a.bankAccountId),
    onSettled: refresh,
  });

  const confirmDefault = (a: BankAccountRecord) => {
    void modal.confirm({
      title: `Make ${a.bankName} ${a.maskedNumber} your default ${a.currency} account?`,
      content: `New ${a.currency} withdrawals go to it unless you choose another. Your owners get an email.`,
      okText: 'Make default',
      onOk: () => makeDefault.mutateAsync(a).catch(() => undefined),
    });
  };
  // Asked for each time and shown in a dialog only: never kept in the list's cache.
  const reveal = useMutation({ mutationFn: (a: BankAccountRecord) => revealBankAccountNumber(a.bankAccountId) });
  const showNumber = (a: BankAccountRecord) => {
    reveal.mutate(a, {
      onSuccess: (n) => {
        void modal.info({
          title: `${a.bankName} ${a.maskedNumber}`,
          content: (
            <>
              <Typography.Paragraph
                copyable={{ text: n.accountNumber }}
                className="mbo-list-mono"
                style={{ marginBottom: 4 }}
              >
                {n.accountNumber}
                {n.routingCode ? ` · ${n.routingCode}` : ''}
              </Typography.Paragraph>
              <Typography.Text type="secondary">This view is recorded in the audit log.</Typography.Text>
            </>
          ),
          okText: 'Close',
        });
      },
    });
  };
  const confirmRemove = (a: BankAccountRecord) => {
    void modal.confirm({
      title: `Remove ${a.bankName} ${a.maskedNumber}?`,
      content: 'Withdrawals can no longer go to it. Past withdrawals keep showing it. You can add it again later.',
      okText: 'Remove',
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(a).catch(() => undefined),
    });
  };
  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} disabled={!canUpdate} onClick={() => setAdding(true)}>
      Add bank account
    </Button>
  );
  return (
    <ListPage<BankAccountRecord>
      list={list}
      header={HEADER}
      query={page}
      statusLabels={BANK_ACCOUNT_STATUS_LABEL}
      statusTones={BANK_ACCOUNT_STATUS_TONE}
      actions={canUpdate ? addButton : <Tooltip title={NO_PERMISSION}>{addButton}</Tooltip>}
      {...bankAccountsTable(
        {
          onSetDefault: confirmDefault,
          onRemove: confirmRemove,
          onReveal: canReveal ? showNumber : null,
          blockedReason: canUpdate ? null : NO_PERMISSION,
        },
        tz,
      )}
    >
      <AddBankAccountModal open={adding} onClose={() => setAdding(false)} />
    </ListPage>
  );
}
