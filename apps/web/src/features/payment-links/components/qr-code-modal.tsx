import { Modal, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import { displayMoney } from '@/lib/display-money';
import type { PaymentLinkRecord } from '@mbo/contracts/payment-links';
import { LinkQrCode } from './link-qr-code';

/** A link's QR code, for a customer to scan at the counter or to print. */
export function QrCodeModal({ link, onClose }: { link: PaymentLinkRecord | null; onClose: () => void }) {
  const { t } = useTranslation('payment-links', { keyPrefix: 'share' });
  return (
    <Modal
      open={link !== null}
      onCancel={onClose}
      footer={null}
      title={t('qrTitle')}
      width={400}
      centered
      destroyOnHidden
    >
      {link ? (
        <div style={{ textAlign: 'center' }}>
          <Typography.Title level={4} style={{ margin: '0 0 2px' }}>
            {displayMoney(link.amount, link.currency)}
          </Typography.Title>
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 16 }}>
            {link.description}
          </Typography.Paragraph>
          <LinkQrCode url={link.url} fileName={`payment-link-${link.linkId}`} />
        </div>
      ) : null}
    </Modal>
  );
}
