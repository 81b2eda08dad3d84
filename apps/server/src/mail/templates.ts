import type { Email, OneTimeLink } from './email';
import { escapeHtml as escape } from '../lib/escape-html';
import { t, type Locale } from '../lib/i18n/i18n';
import { withOneTimeLink } from './one-time-link';

/**
 * The HTML of a mail: brand, title, paragraphs, one button and the link written out under it, in the
 * recipient's language (`lang`, also on <html lang>). Every text is escaped here.
 */
export function layout(
  title: string,
  paragraphs: string[],
  action: { label: string; url: string },
  lang: Locale = 'en',
): string {
  const footer = t('mail:layout.linkFallback', lang);
  return `<!doctype html><html lang="${lang}"><body style="margin:0;background:#f5f7fb;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;padding:32px">
<tr><td><div style="font-weight:600;color:#1957ff;margin-bottom:24px">${escape(t('mail:layout.brand', lang))}</div>
<h1 style="font-size:20px;margin:0 0 16px">${escape(title)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5;margin:0 0 12px">${escape(p)}</p>`).join('')}
<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#1957ff;color:#fff;text-decoration:none;padding:10px 18px;border-radius:8px;display:inline-block">${escape(action.label)}</a></p>
<p style="font-size:12px;color:#6b7280;line-height:1.5">${escape(footer)}<br>${escape(action.url)}</p>
</td></tr></table></td></tr></table></body></html>`;
}

/** Carries a one-time link (mail/one-time-link.ts). In the user's language (`lang`). */
export function resetPasswordEmail(to: string, link: OneTimeLink, lang: Locale = 'en'): Email {
  const m = (key: string, values: Record<string, string> = {}) => t(`mail:reset.${key}`, lang, values);
  return withOneTimeLink(link, (url) => ({
    to,
    subject: m('subject'),
    text: `${m('intro')}\n\n${m('textAction', { url })}\n\n${m('validity')}\n`,
    html: layout(m('title'), [m('intro'), m('validity')], { label: m('action'), url }, lang),
  }));
}

/**
 * Carries a one-time link (mail/one-time-link.ts). In the invitee's language if they chose one, else
 * the inviter's.
 */
export function invitationEmail(
  to: string,
  link: OneTimeLink,
  merchantName: string,
  inviterName: string,
  lang: Locale = 'en',
): Email {
  const facts = { merchant: merchantName, inviter: inviterName };
  const m = (key: string, values: Record<string, string> = {}) =>
    t(`mail:invitation.${key}`, lang, { ...facts, ...values });
  return withOneTimeLink(link, (url) => ({
    to,
    subject: m('subject'),
    text: `${m('intro')}\n\n${m('textAction', { url })}\n\n${m('validity')}\n`,
    html: layout(m('title'), [m('intro'), m('validity')], { label: m('action'), url }, lang),
  }));
}
