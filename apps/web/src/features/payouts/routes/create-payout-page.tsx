import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import PageHeader from '@/components/page-header';
import { useGlobalState } from '@/lib/global-state';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { VALIDATOR_NAMESPACES } from '@/lib/validator-errors';
import { payoutServicesQueryOptions } from '../api/payouts-api';
import { BatchPayout } from '../components/batch-payout';
import { SinglePayoutForm } from '../components/single-payout-form';
import '../components/payouts.css';

export const prefetch: PagePrefetch = ({ queryClient }) => {
  void queryClient.prefetchQuery(payoutServicesQueryOptions());
};

/** /payout/create: a single payout, or a batch file (`?mode=batch`); both priced by the merchant's payout services. */
export default function CreatePayoutPage() {
  // The forms word their cells' errors from the payouts and bankAccounts words: both load with the page.
  const { t } = useTranslation(VALIDATOR_NAMESPACES, { keyPrefix: 'create' });
  const { hasPermission } = useGlobalState();
  const [search, setSearch] = useSearchParams();
  const mode = search.get('mode') === 'batch' ? 'batch' : 'single';
  const services = useQuery(payoutServicesQueryOptions());
  const blocked = hasPermission('API_PAYOUT_CREATE') ? null : t('noPermission');
  const body = services.isError ? (
    <Alert
      type="error"
      showIcon
      title={t('loadFailed')}
      action={<Button onClick={() => void services.refetch()}>{t('retry')}</Button>}
    />
  ) : !services.data ? (
    <Skeleton active paragraph={{ rows: 8 }} />
  ) : services.data.every((s) => s.status !== 'ACTIVE') ? (
    <Alert type="warning" showIcon title={t('noActive')} />
  ) : mode === 'batch' ? (
    <BatchPayout services={services.data} blockedReason={blocked} />
  ) : (
    <SinglePayoutForm services={services.data} blockedReason={blocked} />
  );
  return (
    <>
      <PageHeader eyebrow={t('eyebrow')} title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        activeKey={mode}
        onChange={(key) => setSearch(key === 'batch' ? { mode: 'batch' } : {})}
        items={[
          { key: 'single', label: t('tabSingle') },
          { key: 'batch', label: t('tabBatch') },
        ]}
      />
      {body}
    </>
  );
}
