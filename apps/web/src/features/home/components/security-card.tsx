import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton, Typography, theme } from 'antd';
import { CheckCircleFilled, SafetyCertificateOutlined, WarningFilled } from '@ant-design/icons';
import { recentLoginsQueryOptions, RECENT_LOGINS_PAGE_SIZE } from '../api/list-recent-logins';
import { formatZonedDateTime } from '@/lib/format-time';
import { useTranslation } from '@/i18n/use-translation';

/** The account's security at a glance: the last login (time, IP) and failed attempts among the latest logins. */
export function SecurityCard({ timeZone }: { timeZone: string | undefined }) {
  const { token } = theme.useToken();
  const query = useQuery(recentLoginsQueryOptions());
  const { t } = useTranslation('home', { keyPrefix: 'security' });
  const lastLogins = (count: number) => t('lastLogins', { count });
  const records = query.data?.records ?? [];
  const lastSuccess = records.find((r) => r.result === 'SUCCESS');
  const failures = records.filter((r) => r.result === 'FAILURE');

  return (
    <Card
      title={
        <span>
          <SafetyCertificateOutlined aria-hidden style={{ marginInlineEnd: 8 }} />
          {t('title')}
        </span>
      }
    >
      {query.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : query.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : (
        <dl
          style={{
            margin: 0,
            display: 'grid',
            gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)',
            gap: '10px 16px',
          }}
        >
          <dt>
            <Typography.Text type="secondary">{t('lastLogin')}</Typography.Text>
          </dt>
          <dd style={{ margin: 0 }}>
            {lastSuccess ? (
              <>
                <div style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatZonedDateTime(lastSuccess.loginTime, timeZone)}
                </div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('fromIp', { ip: lastSuccess.ip || t('unknown') })}
                </Typography.Text>
              </>
            ) : (
              '—'
            )}
          </dd>
          <dt>
            <Typography.Text type="secondary">{t('failed')}</Typography.Text>
          </dt>
          <dd style={{ margin: 0 }}>
            {failures.length === 0 ? (
              <span>
                <CheckCircleFilled aria-hidden style={{ color: token.colorSuccess, marginInlineEnd: 6 }} />
                {t('none', { logins: lastLogins(records.length || RECENT_LOGINS_PAGE_SIZE) })}
              </span>
            ) : (
              <>
                <Typography.Text strong>
                  <WarningFilled aria-hidden style={{ color: token.colorWarning, marginInlineEnd: 6 }} />
                  {t('some', { count: failures.length, logins: lastLogins(records.length) })}
                </Typography.Text>
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('latest', {
                      time: formatZonedDateTime(failures[0].loginTime, timeZone),
                      ip: failures[0].ip || t('unknown'),
                    })}
                  </Typography.Text>
                </div>
              </>
            )}
          </dd>
        </dl>
      )}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '16px 0 0' }}>
        {t('notYou')}
      </Typography.Paragraph>
    </Card>
  );
}
