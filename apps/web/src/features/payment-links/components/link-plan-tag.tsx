import { Tag } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/i18n/use-translation';
import type { SubscriptionPlan } from '@mbo/contracts/subscriptions';
import { planIntervalWords } from '@/lib/display-plan';

/** "Subscription · every month" for a subscription link; nothing for a one-off one. */
export function linkPlanText(t: TFunction, plan: SubscriptionPlan | null): string | null {
  return plan
    ? t('table.planText', { ns: 'payment-links', interval: planIntervalWords(plan.interval, plan.intervalCount) })
    : null;
}

export function LinkPlanTag({ plan }: { plan: SubscriptionPlan | null }) {
  const { t } = useTranslation('payment-links');
  const text = linkPlanText(t, plan);
  if (!text) return null;
  return (
    <Tag
      color="purple"
      variant="filled"
      icon={<SyncOutlined aria-hidden="true" />}
      style={{ marginInlineEnd: 0, whiteSpace: 'nowrap' }}
    >
      {text}
    </Tag>
  );
}
