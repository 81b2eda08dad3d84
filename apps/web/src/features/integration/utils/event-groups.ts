/**
 * The webhook events grouped by their domain (payment.*, refund.*, …), for the endpoint form's checklist and the lists'
 * summaries.
 */
import type { TFunction } from 'i18next';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@mbo/contracts/integration';

/** The domains with words of their own (the `integration` namespace's `events.domains`). */
const KNOWN_DOMAINS: ReadonlySet<string> = new Set([
  'payment',
  'refund',
  'dispute',
  'settlement',
  'payout',
  'subscription',
]);

export interface EventGroup {
  /** The part before the dot ("payment"). */
  domain: string;
  label: string;
  types: WebhookEventType[];
}

/**
 * "payment" → "Payments"; a domain the page does not know yet reads as itself, capitalised. `t`: the
 * `integration` namespace's, here and below.
 */
export function domainLabel(domain: string, t: TFunction): string {
  return KNOWN_DOMAINS.has(domain)
    ? t(`events.domains.${domain}`)
    : `${domain.charAt(0).toUpperCase()}${domain.slice(1)}`;
}

/** The events by domain, in the contract's order (a new event type lands in its group, or a new group, by itself). */
export function eventGroups(t: TFunction, types: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES): EventGroup[] {
  const groups = new Map<string, EventGroup>();
  for (const type of types) {
    const domain = type.split('.')[0];
    const group = groups.get(domain) ?? { domain, label: domainLabel(domain, t), types: [] };
    group.types.push(type);
    groups.set(domain, group);
  }
  return [...groups.values()];
}

/** An endpoint's events in a few words: "All events", or the first two and how many more. */
export function eventsSummary(types: readonly string[], t: TFunction): string {
  if (types.length === 0) return t('events.none');
  if (WEBHOOK_EVENT_TYPES.every((type) => types.includes(type)))
    return t('events.all', { n: WEBHOOK_EVENT_TYPES.length });
  if (types.length <= 2) return types.join(', ');
  return t('events.more', { first: types.slice(0, 2).join(', '), n: types.length - 2 });
}
