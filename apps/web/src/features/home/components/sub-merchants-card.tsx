import { Card, List, Tag, Typography } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import type { MerchantSummary } from '@mbo/contracts/usercenter';
import { useTranslation } from '@/i18n/use-translation';

const SHOWN = 5;

/** The parent's sub-merchants (only rendered when there are some); switching is in the header. */
export function SubMerchantsCard({ merchants }: { merchants: MerchantSummary[] }) {
  const { t } = useTranslation('home', { keyPrefix: 'subMerchants' });
  const subMerchants = merchants.filter((m) => m.parentMerchantId !== null);
  if (subMerchants.length === 0) return null;
  const shown = subMerchants.slice(0, SHOWN);
  return (
    <Card
      title={
        <span>
          <ApartmentOutlined aria-hidden style={{ marginInlineEnd: 8 }} />
          {t('title')}
        </span>
      }
      extra={<Typography.Text type="secondary">{subMerchants.length}</Typography.Text>}
    >
      <List
        size="small"
        split
        dataSource={shown}
        rowKey="merchantId"
        renderItem={(m) => (
          <List.Item style={{ paddingInline: 0 }}>
            <div style={{ minWidth: 0 }}>
              <div style={{ overflowWrap: 'anywhere' }}>
                {m.merchantName} {m.current ? <Tag color="green">{t('current')}</Tag> : null}
              </div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('id', { id: m.merchantId })}
              </Typography.Text>
            </div>
          </List.Item>
        )}
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '12px 0 0' }}>
        {subMerchants.length > SHOWN ? t('more', { count: subMerchants.length - SHOWN }) : ''}
        {t('switchHint')}
      </Typography.Paragraph>
    </Card>
  );
}
