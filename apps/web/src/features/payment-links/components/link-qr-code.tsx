import { useRef } from 'react';
import { QRCodeCanvas } from 'qrcode.react';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useCopyLink } from './use-copy-link';

export interface LinkQrCodeProps {
  url: string;
  /** The PNG's file name without extension. */
  fileName: string;
  size?: number;
  /** Also show the URL and a "Copy link" button (off where the URL is already shown with its own copy). */
  withLink?: boolean;
}

/** The QR code of a link, with "Download PNG" and "Copy link". */
export function LinkQrCode({ url, fileName, size = 208, withLink = true }: LinkQrCodeProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const copy = useCopyLink();
  const { t } = useTranslation('payment-links', { keyPrefix: 'share' });

  const download = () => {
    canvas.current?.toBlob((blob) => {
      if (!blob) return;
      const href = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = href;
      a.download = `${fileName}.png`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(href), 1000);
    }, 'image/png');
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12 }}>
      <div
        style={{
          padding: 12,
          background: '#fff',
          border: '1px solid var(--mbo-border)',
          borderRadius: 8,
          lineHeight: 0,
        }}
      >
        <QRCodeCanvas
          ref={canvas}
          value={url}
          size={size * 2}
          level="M"
          marginSize={2}
          title={t('qrOf', { url })}
          role="img"
          aria-label={t('qrAria')}
          style={{ width: size, height: size }}
        />
      </div>
      {withLink ? (
        <Typography.Text
          type="secondary"
          style={{ fontSize: 12, maxWidth: size + 80, textAlign: 'center', wordBreak: 'break-all' }}
        >
          {url}
        </Typography.Text>
      ) : null}
      <Space wrap style={{ justifyContent: 'center' }}>
        <Button icon={<DownloadOutlined />} onClick={download}>
          {t('download')}
        </Button>
        {withLink ? (
          <Button icon={<CopyOutlined />} onClick={() => void copy(url)}>
            {t('copyLink')}
          </Button>
        ) : null}
      </Space>
    </div>
  );
}
