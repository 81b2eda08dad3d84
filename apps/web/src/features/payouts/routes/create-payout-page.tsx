import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import PageHeader from '@/components/page-header';
import { useGlobalState } from '@/lib/global-state';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { payoutServicesQueryOptions } from '../api/payouts-api';
import { BatchPayout } from '../components/batch-payout';
import { SinglePayoutForm } from '../components/single-payout-form';
import '../components/payouts.css';

const NO_PERMISSION = 'Your role cannot send payouts (API_PAYOUT_CREATE).';

export const prefetch: PagePrefetch = ({ queryClient }) => {
  void queryClient.prefetchQuery(payoutServicesQueryOptions());
};

/** /payout/create: a single payout, or a batch file (`?mode=batch`); both priced by the merchant's payout services. */
export default function CreatePayoutPage() {
  const { hasPermission } = useGlobalState();
  const [search, setSearch] = useSearchParams();
  const mode = search.get('mode') === 'batch' ? 'batch' : 'single';
  const services = useQuery(payoutServicesQueryOptions());
  const blocked = hasPermission('API_PAYOUT_CREATE') ? null : NO_PERMISSION;
  const body = services.isError ? (
    <Alert
      type="error"
      showIcon
      title="Your payout services could not be loaded."
      action={<Button onClick={() => void services.refetch()}>Try again</Button>}
    />
  ) : !services.data ? (
    <Skeleton active paragraph={{ rows: 8 }} />
  ) : services.data.every((s) => s.status !== 'ACTIVE') ? (
    <Alert type="warning" showIcon title="You have no active payout service yet. Contact us to set one up." />
  ) : mode === 'batch' ? (
    <BatchPayout services={services.data} blockedReason={blocked} />
  ) : (
    <SinglePayoutForm services={services.data} blockedReason={blocked} />
  );
  return (
    <>
      <PageHeader
        eyebrow="Payouts"
        title="Create payout"
        subtitle="Send money to a beneficiary’s bank account or e-wallet. The fee is shown before you submit, and the total leaves your available balance."
      />
      <Tabs
        activeKey={mode}
        onChange={(key) => setSearch(key === 'batch' ? { mode: 'batch' } : {})}
        items={[
          { key: 'single', label: 'Single payout' },
          { key: 'batch', label: 'Batch file' },
        ]}
      />
      {body}
    </>
  );
}
