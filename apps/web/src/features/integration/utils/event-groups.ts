/**
 * The webhook events grouped by their domain (payment.*, refund.*, …), for the endpoint form's checklist and the lists'
 * summaries.
 */
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@mbo/contracts/integration';

const DOMAIN_LABELS: Readonly<Record<string, string>> = {
  payment: 'Payments',
  refund: 'Refunds',
  dispute: 'Disputes',
  settlement: 'Settlements',
  payout: 'Payouts',
  subscription: 'Subscriptions',
};

export interface EventGroup {
  /** The part before the dot ("payment"). */
  domain: string;
  label: string;
  types: WebhookEventType[];
}

/** "payment" → "Payments"; a domain the page does not know yet reads as itself, capitalised. */
export function domainLabel(domain: string): string {
  return DOMAIN_LABELS[domain] ?? `${domain.charAt(0).toUpperCase()}${domain.slice(1)}`;
}

/** The events by domain, in the contract's order (a new event type lands in its group, or a new group, by itself). */
export function eventGroups(types: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES): EventGroup[] {
  const groups = new Map<string, EventGroup>();
  for (const type of types) {
    const domain = type.split('.')[0];
    const group = groups.get(domain) ?? { domain, label: domainLabel(domain), types: [] };
    group.types.push(type);
    groups.set(domain, group);
  }
  return [...groups.values()];
}

/** An endpoint's events in a few words: "All events", or the first two and how many more. */
export function eventsSummary(types: readonly string[]): string {
  if (types.length === 0) return 'No events';
  if (WEBHOOK_EVENT_TYPES.every((t) => types.includes(t))) return `All events (${WEBHOOK_EVENT_TYPES.length})`;
  if (types.length <= 2) return types.join(', ');
  return `${types.slice(0, 2).join(', ')} and ${types.length - 2} more`;
}
