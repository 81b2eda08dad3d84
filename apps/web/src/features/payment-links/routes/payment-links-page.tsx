import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from '@/i18n/use-translation';
import { displayMoney } from '@/lib/display-money';
import { PAYMENT_LINKS_LIST } from '@mbo/contracts/lists/payment-links-list';
import type { ListPaymentLinksRequest, PaymentLinkRecord } from '@mbo/contracts/payment-links';
import ListPage from '@/components/list/list-page';
import { toApiFilters } from '@/components/list/list-request';
import { useListState } from '@/components/list/use-list-state';
import { timeZoneLabel } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import { deactivatePaymentLink } from '../api/deactivate-payment-link';
import { paymentLinkKeys } from '../api/payment-link-keys';
import { paymentLinksQueryOptions } from '../api/list-payment-links';
import { CreatePaymentLinkModal } from '../components/create-payment-link-modal';
import { useStatusLabels } from '../components/link-status-tag';
import { paymentLinksTable } from '../components/payment-links-table';
import { QrCodeModal } from '../components/qr-code-modal';
import { useCopyLink } from '../components/use-copy-link';

/**
 * /transactions/payment_link: PAYMENT_LINKS_LIST by the list kit; create, share (copy, QR, open) and deactivate links.
 */
export default function PaymentLinksPage() {
  const { t } = useTranslation('payment-links', { keyPrefix: 'page' });
  const { t: tn } = useTranslation('payment-links');
  const statusLabels = useStatusLabels();
  const header = { eyebrow: t('eyebrow'), title: t('title'), subtitle: t('subtitle') };
  const noPermission = t('noPermission');
  const { user, hasPermission } = useGlobalState();
  const tz = user?.timeZone;
  const canManage = hasPermission('API_PAYMENT_LINK_ADD');
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const copy = useCopyLink();
  const list = useListState(PAYMENT_LINKS_LIST);
  const [creating, setCreating] = useState(false);
  const [qrLink, setQrLink] = useState<PaymentLinkRecord | null>(null);

  const request: ListPaymentLinksRequest = {
    ...toApiFilters(PAYMENT_LINKS_LIST, list.filters, tz),
    pageNum: list.pageNum,
    pageSize: list.pageSize,
    sort: list.sort,
  };
  const page = useQuery({ ...paymentLinksQueryOptions(request), placeholderData: keepPreviousData });
  const deactivate = useMutation({
    mutationFn: (link: PaymentLinkRecord) => deactivatePaymentLink(link.linkId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentLinkKeys.lists() }),
  });
  const confirmDeactivate = (link: PaymentLinkRecord) => {
    void modal.confirm({
      title: t('deactivateTitle'),
      content: t('deactivateContent', {
        amount: displayMoney(link.amount, link.currency),
        description: link.description,
      }),
      okText: t('deactivate'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () => deactivate.mutateAsync(link).catch(() => undefined),
    });
  };
  const createButton = (
    <Button type="primary" icon={<PlusOutlined />} disabled={!canManage} onClick={() => setCreating(true)}>
      {t('create')}
    </Button>
  );

  return (
    <ListPage<PaymentLinkRecord>
      list={list}
      header={header}
      statusLabels={statusLabels}
      actions={canManage ? createButton : <Tooltip title={noPermission}>{createButton}</Tooltip>}
      toolbarExtra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('timesIn', { zone: timeZoneLabel(tz) })}
        </Typography.Text>
      }
      query={page}
      {...paymentLinksTable(
        tn,
        {
          onCopy: (link) => void copy(link.url),
          onQr: setQrLink,
          onDeactivate: confirmDeactivate,
          deactivateBlockedReason: canManage ? null : noPermission,
        },
        tz,
      )}
    >
      <CreatePaymentLinkModal open={creating} onClose={() => setCreating(false)} />
      <QrCodeModal link={qrLink} onClose={() => setQrLink(null)} />
    </ListPage>
  );
}
