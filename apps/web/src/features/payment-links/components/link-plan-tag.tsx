import { Tag } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { describePlanInterval, type SubscriptionPlan } from '@mbo/contracts/subscriptions';

/** "Subscription · every month" for a subscription link; nothing for a one-off one. */
export function linkPlanText(plan: SubscriptionPlan | null): string | null {
  return plan ? `Subscription · ${describePlanInterval(plan.interval, plan.intervalCount)}` : null;
}

export function LinkPlanTag({ plan }: { plan: SubscriptionPlan | null }) {
  const text = linkPlanText(plan);
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
