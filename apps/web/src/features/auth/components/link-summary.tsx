import { Descriptions } from 'antd';
import type { CheckLinkResponse } from '@mbo/contracts/usercenter';
import { formatZonedDateTime } from '@/lib/format-time';
import { useTranslation } from '@/i18n/use-translation';

/** When a link stops working, in the browser's zone, named (no user and so no zone is known yet on auth pages). */
export function formatLinkExpiry(expiresAt: string): string {
  return formatZonedDateTime(expiresAt, undefined, 'minute');
}

/** The account a checked link belongs to: email, merchant and until when the link works. */
export function LinkSummary({ link }: { link: CheckLinkResponse }) {
  const { t } = useTranslation('auth-links');
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      style={{ marginBottom: 20 }}
      items={[
        {
          key: 'email',
          label: t('link.account'),
          children: <span style={{ overflowWrap: 'anywhere' }}>{link.email}</span>,
        },
        { key: 'merchant', label: t('link.merchant'), children: link.merchantName },
        { key: 'expires', label: t('link.validUntil'), children: formatLinkExpiry(link.expiresAt) },
      ]}
    />
  );
}
