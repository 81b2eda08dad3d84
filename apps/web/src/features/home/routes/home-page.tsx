import { Col, Row } from 'antd';
import PageHeader from '@/components/page-header';
import { useGlobalState } from '@/lib/global-state';
import { DisputeAlert } from '../components/dispute-alert';
import { HomeInsights } from '../components/home-insights';
import { MerchantSummary } from '../components/merchant-summary';
import { SecurityCard } from '../components/security-card';
import { ShortcutsCard } from '../components/shortcuts-card';
import { SubMerchantsCard } from '../components/sub-merchants-card';
import { greetingFor, hourInTimeZone } from '@/lib/format-time';
import { availableShortcuts, canOpen } from '../utils/shortcuts';
import { useTranslation } from '@/i18n/use-translation';

/** /home: greeting, the merchant, disputes that need evidence, account security, shortcuts. */
export default function HomePage() {
  const { user, alertInfo, authUrls, subMerchantList, hasPermission } = useGlobalState();
  const { t } = useTranslation('home');
  const greeting = greetingFor(hourInTimeZone(user?.timeZone));
  const firstName = user?.name.trim().split(/\s+/)[0];
  const shortcuts = availableShortcuts(authUrls, hasPermission);
  const hasSubMerchants = subMerchantList.some((m) => m.parentMerchantId !== null);

  return (
    <>
      <PageHeader
        title={firstName ? t('greeting', { greeting, name: firstName }) : greeting}
        subtitle={user?.merchantName}
      >
        {user ? <MerchantSummary user={user} /> : null}
      </PageHeader>

      <DisputeAlert alertInfo={alertInfo} canOpenDisputes={canOpen('/transactions/disputes', authUrls)} />

      {/* KPI cards and the volume chart go in this grid (see HomeInsights). */}
      <HomeInsights />

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <ShortcutsCard shortcuts={shortcuts} />
        </Col>
        <Col xs={24} xl={8}>
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <SecurityCard timeZone={user?.timeZone} />
            </Col>
            {hasSubMerchants ? (
              <Col span={24}>
                <SubMerchantsCard merchants={subMerchantList} />
              </Col>
            ) : null}
          </Row>
        </Col>
      </Row>
    </>
  );
}
