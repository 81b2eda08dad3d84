import { Avatar, Descriptions, Drawer, Empty, Grid, Tag, Typography, theme } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';
import { useGlobalState } from '@/lib/global-state';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';

export interface ProfileDrawerProps {
  open: boolean;
  onClose: () => void;
}

function initials(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0][0] + words[words.length - 1][0]).toUpperCase();
  return (words[0]?.[0] ?? email[0] ?? '?').toUpperCase();
}

/** The logged-in user's profile: who they are, their role and the merchant the session acts for. */
export default function ProfileDrawer({ open, onClose }: ProfileDrawerProps) {
  const { user } = useGlobalState();
  const { t } = useTranslation('user-center', { keyPrefix: 'profile' });
  const label = useLabel();
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();

  return (
    <Drawer open={open} onClose={onClose} title={t('title')} size={screens.sm ? 440 : '100%'}>
      {user ? (
        <>
          <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 24 }}>
            <Avatar size={56} style={{ backgroundColor: token.colorPrimary, flex: 'none', fontSize: 22 }}>
              {initials(user.name, user.email)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Typography.Title level={4} style={{ margin: 0, overflowWrap: 'anywhere' }}>
                {user.name || user.email}
              </Typography.Title>
              <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Typography.Text>
              <div style={{ marginTop: 6 }}>
                <Tag color="blue">{user.roleName || user.roleCode}</Tag>
              </div>
            </div>
          </div>
          <Descriptions
            column={1}
            size="small"
            bordered
            styles={{ label: { width: 150 } }}
            items={[
              { key: 'name', label: t('name'), children: user.name || '—' },
              {
                key: 'email',
                label: t('email'),
                children: (
                  <Typography.Text copyable style={{ overflowWrap: 'anywhere' }}>
                    {user.email}
                  </Typography.Text>
                ),
              },
              { key: 'role', label: t('role'), children: user.roleName || user.roleCode },
              {
                key: 'merchant',
                label: t('merchant'),
                children: (
                  <>
                    <div>{user.merchantName}</div>
                    <Typography.Text type="secondary" copyable={{ text: user.merchantId }} style={{ fontSize: 12 }}>
                      {t('id', { id: user.merchantId })}
                    </Typography.Text>
                  </>
                ),
              },
              ...(user.homeMerchantId !== user.merchantId
                ? [
                    {
                      key: 'home-merchant',
                      label: t('homeMerchant'),
                      children: (
                        <>
                          <div>{user.homeMerchantName}</div>
                          <Typography.Text
                            type="secondary"
                            copyable={{ text: user.homeMerchantId }}
                            style={{ fontSize: 12 }}
                          >
                            {t('id', { id: user.homeMerchantId })}
                          </Typography.Text>
                        </>
                      ),
                    },
                  ]
                : []),
              {
                key: 'product',
                label: t('product'),
                children: label('MERCHANT_PRODUCTS', user.merchantSignProducts),
              },
              { key: 'zone', label: t('zone'), children: timeZoneLabel(user.timeZone) },
              {
                key: 'last-login',
                label: t('lastLogin'),
                children: user.lastLoginTime ? formatDateTime(user.lastLoginTime, user.timeZone) : '—',
              },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 16, fontSize: 12 }}>
            {t('managed')}
          </Typography.Paragraph>
        </>
      ) : (
        <Empty description={t('notLoaded')} />
      )}
    </Drawer>
  );
}
