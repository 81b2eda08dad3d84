import type { TFunction } from 'i18next';
import { Button, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { CopyOutlined, ExportOutlined, MoreOutlined, QrcodeOutlined, StopOutlined } from '@ant-design/icons';
import type { PaymentLinkRecord } from '@mbo/contracts/payment-links';
import type { PaymentLinkListColumnKey } from '@mbo/contracts/lists/payment-links-list';
import type { ListTableProps } from '@/components/list/list-table';
import MoneyText from '@/components/list/money-text';
import MenuButton from '@/components/menu-button';
import { formatDateTime } from '@/lib/format-time';
import { displayNumber } from '@/lib/formats';
import { Link } from 'react-router';
import { paymentLinkDetailPath } from '../utils/link-paths';
import { LinkPlanTag, linkPlanText } from './link-plan-tag';
import { LinkStatusTag } from './link-status-tag';

export interface LinkActions {
  onCopy(link: PaymentLinkRecord): void;
  onQr(link: PaymentLinkRecord): void;
  onDeactivate(link: PaymentLinkRecord): void;
  /** Why deactivating is not possible for the user (no permission), or null. */
  deactivateBlockedReason: string | null;
}

/** Date over time, so the column stays narrow. */
const timeCell = (iso: string, tz: string | null | undefined) => {
  const [day, time] = formatDateTime(iso, tz).split(' ');
  return (
    <span className="mbo-list-nowrap">
      {day}
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {time}
      </Typography.Text>
    </span>
  );
};

type LinkTableParts = Pick<ListTableProps<PaymentLinkRecord>, 'cells' | 'trailing' | 'narrowColumns'>;

/** How the payment links list shows each column of PAYMENT_LINKS_LIST, its row actions and its phone layout. */
export function paymentLinksTable(t: TFunction, actions: LinkActions, tz: string | null | undefined): LinkTableParts {
  const w = (key: string, values: Record<string, unknown> = {}) =>
    t(`table.${key}`, { ns: 'payment-links', ...values });
  const cells: Record<PaymentLinkListColumnKey, (r: PaymentLinkRecord) => React.ReactNode> = {
    link: (r) => (
      <div style={{ minWidth: 0, maxWidth: 420 }}>
        <Typography.Text ellipsis={{ tooltip: r.description }} style={{ display: 'block', fontWeight: 500 }}>
          <Link to={paymentLinkDetailPath(r.linkId)}>{r.description}</Link>
        </Typography.Text>
        <Space size={8} wrap>
          <Typography.Text
            type="secondary"
            copyable={{ text: r.linkId, tooltips: [w('copyLinkId'), w('copied')] }}
            className="mbo-list-mono"
            style={{ fontSize: 12 }}
          >
            {r.linkId}
          </Typography.Text>
          <LinkPlanTag plan={r.subscription} />
        </Space>
      </div>
    ),
    amount: (r) => (
      <span>
        <MoneyText amount={r.amount} currency={r.currency} strong />
        {r.subscription ? (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {w('perCycle')}
          </Typography.Text>
        ) : null}
      </span>
    ),
    status: (r) => <LinkStatusTag status={r.status} />,
    type: (r) =>
      r.reusable ? (
        <Tag variant="filled" color="blue">
          {w('reusable')}
        </Tag>
      ) : (
        <Tag variant="filled">{w('singleUse')}</Tag>
      ),
    expiresAt: (r) => timeCell(r.expiresAt, tz),
    paidCount: (r) => <span className="mbo-list-nowrap">{r.paidCount}</span>,
    createdAt: (r) => timeCell(r.createdAt, tz),
  };
  const trailing: TableColumnsType<PaymentLinkRecord>[number] = {
    key: 'actions',
    title: <span className="mbo-list-sr-only">{w('actions')}</span>,
    fixed: 'right',
    // Four 32 px buttons, their gaps and the cell's 12 px paddings.
    width: 160,
    render: (_, r) => {
      const canDeactivate = r.status === 'ACTIVE';
      const deactivateTip = !canDeactivate
        ? w('onlyActive', { status: w(`statusWords.${r.status}`) })
        : (actions.deactivateBlockedReason ?? w('deactivate'));
      return (
        <Space size={2}>
          <Tooltip title={w('copyLink')}>
            <Button
              type="text"
              icon={<CopyOutlined />}
              aria-label={w('copyLinkOf', { id: r.linkId })}
              onClick={() => actions.onCopy(r)}
            />
          </Tooltip>
          <Tooltip title={w('qrCode')}>
            <Button
              type="text"
              icon={<QrcodeOutlined />}
              aria-label={w('qrCodeOf', { id: r.linkId })}
              onClick={() => actions.onQr(r)}
            />
          </Tooltip>
          <Tooltip title={w('openCheckout')}>
            <Button
              type="text"
              icon={<ExportOutlined />}
              aria-label={w('openOf', { id: r.linkId })}
              href={r.url}
              target="_blank"
              rel="noopener noreferrer"
            />
          </Tooltip>
          <Tooltip title={deactivateTip}>
            <Button
              type="text"
              danger
              icon={<StopOutlined />}
              aria-label={w('deactivateOf', { id: r.linkId })}
              disabled={!canDeactivate || actions.deactivateBlockedReason !== null}
              onClick={() => actions.onDeactivate(r)}
            />
          </Tooltip>
        </Space>
      );
    },
  };
  // Phones: one summary column and the actions in a menu, instead of a table to scroll sideways.
  const narrowColumns: TableColumnsType<PaymentLinkRecord> = [
    {
      key: 'summary',
      title: w('summary'),
      render: (_, r) => (
        <div style={{ minWidth: 0 }}>
          <Typography.Text ellipsis style={{ display: 'block', fontWeight: 500 }}>
            <Link to={paymentLinkDetailPath(r.linkId)}>{r.description}</Link>
          </Typography.Text>
          <Space size={6} wrap style={{ marginTop: 2 }}>
            <MoneyText amount={r.amount} currency={r.currency} strong />
            <LinkStatusTag status={r.status} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {w('typeAndPaid', {
                type: r.reusable ? w('reusable') : w('singleUse'),
                number: displayNumber(r.paidCount),
              })}
            </Typography.Text>
            {r.subscription ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {linkPlanText(t, r.subscription)}
              </Typography.Text>
            ) : null}
          </Space>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {w('expires', { time: formatDateTime(r.expiresAt, tz) })}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'actions',
      title: <span className="mbo-list-sr-only">{w('actions')}</span>,
      width: 56,
      render: (_, r) => {
        const canDeactivate = r.status === 'ACTIVE' && actions.deactivateBlockedReason === null;
        return (
          <MenuButton
            menu={{
              items: [
                { key: 'copy', icon: <CopyOutlined />, label: w('copyLink'), onClick: () => actions.onCopy(r) },
                { key: 'qr', icon: <QrcodeOutlined />, label: w('qrCode'), onClick: () => actions.onQr(r) },
                {
                  key: 'open',
                  icon: <ExportOutlined />,
                  label: (
                    <a href={r.url} target="_blank" rel="noopener noreferrer">
                      {w('openCheckout')}
                    </a>
                  ),
                },
                {
                  key: 'deactivate',
                  icon: <StopOutlined />,
                  label: w('deactivate'),
                  danger: true,
                  disabled: !canDeactivate,
                  onClick: () => actions.onDeactivate(r),
                },
              ],
            }}
          >
            <Button type="text" icon={<MoreOutlined />} aria-label={w('actionsFor', { id: r.linkId })} />
          </MenuButton>
        );
      },
    },
  ];
  return { cells, trailing, narrowColumns };
}
