import { Button, Card, Tag } from 'antd';
import { useMatches, useNavigate } from 'react-router';
import PageHeader from '@/components/page-header';
import { ROUTE_DESCRIPTIONS } from '../routing/route-descriptions';
import type { RouteHandle } from '../routing/route-handle';
import ComingSoonIllustration from './coming-soon-illustration';

/** The page of a route whose screen is not built yet: its name, what it will do, a way on. */
export default function ComingSoonPage() {
  const matches = useMatches();
  const navigate = useNavigate();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    RouteHandle | undefined;
  const title = handle?.title ?? 'Coming soon';
  const description = handle?.fullPath ? ROUTE_DESCRIPTIONS[handle.fullPath] : undefined;
  return (
    <>
      <PageHeader eyebrow={handle?.section} title={title} extra={<Tag color="blue">Coming soon</Tag>} />
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
          <h2 style={{ margin: 0, fontSize: 18, fontWeight: 600 }}>{title} is on its way</h2>
          {description ? (
            <p style={{ margin: 0, maxWidth: 560, color: 'var(--mbo-text-secondary)', lineHeight: '22px' }}>
              {description}
            </p>
          ) : null}
          <p style={{ margin: 0, maxWidth: 560, color: 'var(--mbo-text-secondary)', fontSize: 13 }}>
            We are still building this page. Everything else in the menu works as usual.
          </p>
          <Button onClick={() => navigate('/home')}>Back to home</Button>
        </div>
      </Card>
    </>
  );
}
