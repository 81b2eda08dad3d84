import type { Email } from './email';
import { layout } from './templates';

export interface WebhookDisabledFacts {
  merchantName: string;
  url: string;
  /** Whole days the endpoint kept failing. */
  days: number;
  /** The last attempt's outcome, e.g. "HTTP 500" or "Timed out…". */
  lastError: string | null;
  link: string;
}

/** A webhook endpoint was switched off by the server after days of failed deliveries. */
export function webhookEndpointDisabledEmail(to: string, f: WebhookDisabledFacts): Email {
  const intro = `Deliveries to the webhook endpoint ${f.url} of ${f.merchantName} have failed for ${f.days} day${f.days === 1 ? '' : 's'}, so we disabled it.`;
  const last = f.lastError ? `The last attempt ended with: ${f.lastError}.` : 'The last attempt got no answer.';
  const action =
    'Fix the receiver, then enable the endpoint again in Settings → Integration; failed deliveries can be retried from its delivery log.';
  return {
    to,
    subject: `Webhook endpoint disabled: ${f.url}`,
    text: `${intro}\n\n${last}\n\n${action}\n\nOpen the integration settings: ${f.link}\n`,
    html: layout('Webhook endpoint disabled', [intro, last, action], {
      label: 'Open integration settings',
      url: f.link,
    }),
  };
}
