import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from '@/i18n/use-translation';
import { BANK_ACCOUNT_STATUSES } from '@mbo/contracts/bank-accounts';
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
import { useLabel } from '@/i18n/use-label';
import { BANK_ACCOUNT_STATUS_TONE } from '../utils/bank-account-status';

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
  const { t } = useTranslation('bankAccounts');
  const label = useLabel();
  const header = { eyebrow: t('page.eyebrow'), title: t('page.title'), subtitle: t('page.subtitle') };
  const noPermission = t('page.noPermission');
  const statusLabels = Object.fromEntries(BANK_ACCOUNT_STATUSES.map((s) => [s, label('BANK_ACCOUNT_STATUSES', s)]));
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
      title: t('page.defaultTitle', { account: `${a.bankName} ${a.maskedNumber}`, currency: a.currency }),
      content: t('page.defaultContent', { currency: a.currency }),
      okText: t('page.makeDefault'),
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
              <Typography.Text type="secondary">{t('page.revealNotice')}</Typography.Text>
            </>
          ),
          okText: t('page.close'),
        });
      },
    });
  };
  const confirmRemove = (a: BankAccountRecord) => {
    void modal.confirm({
      title: t('page.removeTitle', { account: `${a.bankName} ${a.maskedNumber}` }),
      content: t('page.removeContent'),
      okText: t('page.remove'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(a).catch(() => undefined),
    });
  };
  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} disabled={!canUpdate} onClick={() => setAdding(true)}>
      {t('page.add')}
    </Button>
  );
  return (
    <ListPage<BankAccountRecord>
      list={list}
      header={header}
      query={page}
      statusLabels={statusLabels}
      statusTones={BANK_ACCOUNT_STATUS_TONE}
      actions={canUpdate ? addButton : <Tooltip title={noPermission}>{addButton}</Tooltip>}
      {...bankAccountsTable(
        {
          onSetDefault: confirmDefault,
          onRemove: confirmRemove,
          onReveal: canReveal ? showNumber : null,
          blockedReason: canUpdate ? null : noPermission,
        },
        tz,
        t,
      )}
    >
      <AddBankAccountModal open={adding} onClose={() => setAdding(false)} />
    </ListPage>
  );
}
