import { Link } from 'react-router';
import { Alert, Button, Flex, Input, Space, Tag, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from '@/i18n/use-translation';
import type { PaymentLinkDetail } from '@mbo/contracts/payment-links';
import { DetailCard, DetailFigures, DetailTime } from '@/components/detail/detail-cards';
import MoneyText from '@/components/list/money-text';
import { displayMoney } from '@/lib/display-money';
import { describePlan } from '@/lib/display-plan';
import { displayNumber } from '@/lib/formats';
import { paymentDetailPath } from '../utils/link-paths';
import { LinkPlanTag } from './link-plan-tag';
import { LinkQrCode } from './link-qr-code';
import { LinkStatusTag } from './link-status-tag';
import { useCopyLink } from './use-copy-link';

type Props = { link: PaymentLinkDetail };

/** Single-use or reusable, as a tag. */
export function LinkTypeTag({ reusable }: { reusable: boolean }) {
  const { t } = useTranslation('payment-links', { keyPrefix: 'detail' });
  return (
    <Tag variant="outlined" style={{ marginInlineEnd: 0 }}>
      {reusable ? t('reusable') : t('singleUse')}
    </Tag>
  );
}

/** Status and type, side by side in the header. */
export function LinkTags({ link }: Props) {
  return (
    <Space wrap size={8} align="center">
      <LinkStatusTag status={link.status} />
      <LinkTypeTag reusable={link.reusable} />
      <LinkPlanTag plan={link.subscription} />
    </Space>
  );
}

/** A single-use link held by a pending payment: why nobody else can pay it, and what happens next. */
export function LinkHoldNotice({ link }: Props) {
  const { t } = useTranslation('payment-links', { keyPrefix: 'detail' });
  if (!link.pendingPaymentId) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={t('holdTitle')}
      description={
        <>
          {t('holdBefore')}{' '}
          <Link to={paymentDetailPath(link.pendingPaymentId)} className="mbo-detail-mono">
            {link.pendingPaymentId}
          </Link>{' '}
          {t('holdAfter')}
        </>
      }
    />
  );
}

/** What the link asks for and its life: amount, description, type, status and dates. */
export function LinkFactsCard({ link }: Props) {
  const { t } = useTranslation('payment-links', { keyPrefix: 'detail' });
  return (
    <DetailCard
      title={t('facts')}
      zone
      facts={[
        [
          link.subscription ? t('amountPerCycle') : t('amount'),
          <MoneyText amount={link.amount} currency={link.currency} strong />,
        ],
        !!link.subscription && [t('subscription'), t('chargedPlan', { plan: describePlan(link.subscription) })],
        [t('description'), link.description],
        [t('type'), link.reusable ? t('reusableLong') : t('singleUseLong')],
        [t('status'), <LinkStatusTag status={link.status} />],
        [t('created'), <DetailTime iso={link.createdAt} />],
        [link.status === 'EXPIRED' ? t('expired') : t('expires'), <DetailTime iso={link.expiresAt} />],
        !!link.deactivatedAt && [t('deactivated'), <DetailTime iso={link.deactivatedAt} />],
      ]}
    />
  );
}

/** The link's payments summed up. */
export function LinkTotalsCard({ link }: Props) {
  const { totals } = link;
  const { t } = useTranslation('payment-links', { keyPrefix: 'detail' });
  const count = (n: number) => displayNumber(n);
  return (
    <DetailCard title={t('totals')}>
      <DetailFigures
        figures={[
          { label: t('collected'), value: displayMoney(totals.succeededAmount, link.currency) },
          { label: t('succeeded'), value: count(totals.succeeded) },
          { label: t('payments'), value: count(totals.payments) },
          { label: t('pending'), value: count(totals.pending) },
          { label: t('failed'), value: count(totals.failed) },
        ]}
      />
    </DetailCard>
  );
}

/** The customer-facing URL with copy, and its QR code. */
export function LinkShareCard({ link }: Props) {
  const copy = useCopyLink();
  const { t } = useTranslation('payment-links', { keyPrefix: 'detail' });
  return (
    <DetailCard title={t('share')}>
      <Flex vertical gap={12}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            readOnly
            value={link.url}
            aria-label={t('urlLabel')}
            className="mbo-detail-mono"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button icon={<CopyOutlined aria-hidden="true" />} onClick={() => void copy(link.url)}>
            {t('copyLink')}
          </Button>
        </Space.Compact>
        {link.status !== 'ACTIVE' ? <Typography.Text type="secondary">{t('noLonger')}</Typography.Text> : null}
        <LinkQrCode url={link.url} fileName={`payment-link-${link.linkId}`} withLink={false} size={176} />
      </Flex>
    </DetailCard>
  );
}
