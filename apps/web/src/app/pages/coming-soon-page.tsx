import { Button, Card, Tag } from 'antd';
import { useMatches, useNavigate } from 'react-router';
import PageHeader from '@/components/page-header';
import { routeTitle, type RouteHandle } from '../routing/route-handle';
import ComingSoonIllustration from './coming-soon-illustration';
import { useTranslation } from '@/i18n/use-translation';

/** The page of a route whose screen is not built yet: its name, what it will do, a way on. */
export default function ComingSoonPage() {
  const matches = useMatches();
  const navigate = useNavigate();
  const { t } = useTranslation('shell');
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    RouteHandle | undefined;
  const title = handle?.title ? routeTitle(t, handle.title) : t('comingSoon.tag');
  const description = handle?.fullPath ? t(`descriptions.${handle.fullPath}`, { defaultValue: '' }) : undefined;
  const section = handle?.section ? routeTitle(t, handle.section) : undefined;
  return (
    <>
      <PageHeader eyebrow={section} title={title} extra={<Tag color="blue">{t('comingSoon.tag')}</Tag>} />
      <Card variant="borderless" style={{ boxShadow: '0 1px 2px var(--mbo-shadow)' }}>
        <div
          style={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            textAlign: 'center',
            padding: '40px 8px 32px',
            gap: 16,
          }}
        >
          <ComingSoonIllustration />
          <h2 style={{ margin: 0, fontSize: 18, fontWeight: 600 }}>{t('comingSoon.onItsWay', { title })}</h2>
          {description ? (
            <p style={{ margin: 0, maxWidth: 560, color: 'var(--mbo-text-secondary)', lineHeight: '22px' }}>
              {description}
            </p>
          ) : null}
          <p style={{ margin: 0, maxWidth: 560, color: 'var(--mbo-text-secondary)', fontSize: 13 }}>
            {t('comingSoon.building')}
          </p>
          <Button onClick={() => navigate('/home')}>{t('backHome', { ns: 'common' })}</Button>
        </div>
      </Card>
    </>
  );
}
