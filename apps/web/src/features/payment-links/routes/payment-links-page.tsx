import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Space, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { formatMoney } from '@mbo/contracts/money';
import { PAYMENT_LINK_SORTS, type PaymentLinkRecord, type PaymentLinkSort } from '@mbo/contracts/payment-links';
import ColumnChooser from '@/components/list/column-chooser';
import PageHeader from '@/components/page-header';
import { useGlobalState } from '@/lib/global-state';
import { useColumnVisibility } from '@/lib/use-column-visibility';
import { countFilters, useUrlFilters } from '@/lib/use-url-filters';
import { deactivatePaymentLink } from '../api/deactivate-payment-link';
import { paymentLinkKeys, paymentLinksQueryOptions } from '../api/list-payment-links';
import { CreatePaymentLinkModal } from '../components/create-payment-link-modal';
import PaymentLinksTable, { LINK_COLUMNS } from '../components/payment-links-table';
import PaymentLinksToolbar from '../components/payment-links-toolbar';
import { QrCodeModal } from '../components/qr-code-modal';
import { useCopyLink } from '../components/use-copy-link';
import { LINK_FILTER_SPEC, LINK_SORT_DEFAULT, toListRequest } from '../utils/link-filters';
import '../components/payment-links.css';

const COLUMN_KEYS = LINK_COLUMNS.map((c) => c.key);
const NO_PERMISSION = 'Your role cannot create or deactivate payment links. Ask an owner or admin.';

/** /transactions/payment_link: create, share (copy, QR, open) and deactivate payment links. */
export default function PaymentLinksPage() {
  const { user, hasPermission } = useGlobalState();
  const tz = user?.timeZone;
  const canManage = hasPermission('API_PAYMENT_LINK_ADD');
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const copy = useCopyLink();
  const url = useUrlFilters<typeof LINK_FILTER_SPEC, PaymentLinkSort>(LINK_FILTER_SPEC, { sorts: PAYMENT_LINK_SORTS, defaultSort: LINK_SORT_DEFAULT });
  const columns = useColumnVisibility('mbo.columns.payment-links', COLUMN_KEYS);
  const [creating, setCreating] = useState(false);
  const [qrLink, setQrLink] = useState<PaymentLinkRecord | null>(null);

  const list = useQuery({
    ...paymentLinksQueryOptions(toListRequest(url.filters, { pageNum: url.pageNum, pageSize: url.pageSize, sort: url.sort }, tz)),
    placeholderData: keepPreviousData,
  });

  const deactivate = useMutation({
    mutationFn: (link: PaymentLinkRecord) => deactivatePaymentLink(link.linkId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentLinkKeys.lists() }),
  });

  const confirmDeactivate = (link: PaymentLinkRecord) => {
    void modal.confirm({
      title: 'Deactivate this payment link?',
      content: `Customers can no longer pay ${formatMoney(link.amount, link.currency)} for “${link.description}” with it. Payments already made are not affected. This cannot be undone.`,
      okText: 'Deactivate',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => deactivate.mutateAsync(link).catch(() => undefined),
    });
  };

  const createButton = (
    <Button type="primary" icon={<PlusOutlined />} disabled={!canManage} onClick={() => setCreating(true)}>
      Create payment link
    </Button>
  );

  return (
    <>
      <PageHeader
        eyebrow="Transactions"
        title="Payment links"
        subtitle="Share a link or QR code; your customer pays on a hosted checkout page, no website needed."
        extra={
          <Space wrap>
            <ColumnChooser columns={LINK_COLUMNS} visibility={columns} />
            {canManage ? createButton : <Tooltip title={NO_PERMISSION}>{createButton}</Tooltip>}
          </Space>
        }
      />
      <section className="mbo-links-card" aria-label="Payment links">
        <PaymentLinksToolbar filters={url.filters} timeZone={tz} onChange={url.setFilters} onClear={url.clearFilters} />
        {list.isError && !list.data ? (
          <Alert
            type="error"
            showIcon
            title="The payment links could not be loaded."
            action={<Button onClick={() => void list.refetch()}>Try again</Button>}
          />
        ) : (
          <PaymentLinksTable
            records={list.data?.records}
            total={list.data?.total ?? 0}
            loading={list.isFetching}
            visibleColumns={columns.visible}
            pageNum={url.pageNum}
            pageSize={url.pageSize}
            sort={url.sort}
            filtered={countFilters(url.filters) > 0}
            timeZone={tz}
            onPage={url.setPage}
            onSort={url.setSort}
            onClearFilters={url.clearFilters}
            onCopy={(link) => void copy(link.url)}
            onQr={setQrLink}
            onDeactivate={confirmDeactivate}
            deactivateBlockedReason={canManage ? null : NO_PERMISSION}
          />
        )}
      </section>
      <CreatePaymentLinkModal open={creating} onClose={() => setCreating(false)} />
      <QrCodeModal link={qrLink} onClose={() => setQrLink(null)} />
    </>
  );
}
