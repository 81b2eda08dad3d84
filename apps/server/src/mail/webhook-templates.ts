import type { Email } from './email';
import { t, type Locale } from '../lib/i18n/i18n';
import { layout } from './templates';

export interface WebhookDisabledFacts {
  merchantName: string;
  url: string;
  /** Whole days the endpoint kept failing. */
  days: number;
  /** The last attempt's outcome, e.g. "HTTP 500" or "Timed out…" (quoted as the delivery log has it). */
  lastError: string | null;
  link: string;
}

/**
 * A webhook endpoint was switched off by the server after days of failed deliveries. In the recipient's
 * language (`lang`; its words are `mail:webhookDisabled.*`). Never the endpoint's signing secret.
 */
export function webhookEndpointDisabledEmail(to: string, f: WebhookDisabledFacts, lang: Locale = 'en'): Email {
  const m = (key: string, values: Record<string, unknown> = {}) => t(`mail:webhookDisabled.${key}`, lang, values);
  const intro = m('intro', { url: f.url, merchant: f.merchantName, count: f.days });
  const last = f.lastError ? m('lastError', { error: f.lastError }) : m('noAnswer');
  const action = m('fix');
  return {
    to,
    subject: m('subject', { url: f.url }),
    text: `${intro}\n\n${last}\n\n${action}\n\n${m('textAction', { url: f.link })}\n`,
    html: layout(m('title'), [intro, last, action], { label: m('action'), url: f.link }, lang),
  };
}
