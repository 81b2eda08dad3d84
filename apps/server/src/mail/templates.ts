import type { Email, OneTimeLink } from './email';
import { escapeHtml as escape } from '../lib/escape-html';
import { withOneTimeLink } from './one-time-link';

export function layout(
  title: string,
  paragraphs: string[],
  action: { label: string; url: string },
  footer: string,
): string {
  return `<!doctype html><html><body style="margin:0;background:#f5f7fb;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;padding:32px">
<tr><td><div style="font-weight:600;color:#1957ff;margin-bottom:24px">Merchant Back-office</div>
<h1 style="font-size:20px;margin:0 0 16px">${escape(title)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5;margin:0 0 12px">${escape(p)}</p>`).join('')}
<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#1957ff;color:#fff;text-decoration:none;padding:10px 18px;border-radius:8px;display:inline-block">${escape(action.label)}</a></p>
<p style="font-size:12px;color:#6b7280;line-height:1.5">${escape(footer)}<br>${escape(action.url)}</p>
</td></tr></table></td></tr></table></body></html>`;
}

/** Carries a one-time link (mail/one-time-link.ts). */
export function resetPasswordEmail(to: string, link: OneTimeLink): Email {
  const intro = 'We received a request to reset the password of your Merchant Back-office account.';
  const validity =
    'The link works once and expires in 30 minutes. If you did not ask for it, ignore this email: your password stays as it is.';
  return withOneTimeLink(link, (url) => ({
    to,
    subject: 'Reset your password',
    text: `${intro}\n\nReset your password: ${url}\n\n${validity}\n`,
    html: layout(
      'Reset your password',
      [intro, validity],
      { label: 'Reset password', url },
      'If the button does not work, open this link:',
    ),
  }));
}

/** Carries a one-time link (mail/one-time-link.ts). */
export function invitationEmail(to: string, link: OneTimeLink, merchantName: string, inviterName: string): Email {
  const intro = `${inviterName} invited you to the Merchant Back-office of ${merchantName}.`;
  const validity = 'Set your name and password to activate your account. The link works once and expires in 7 days.';
  return withOneTimeLink(link, (url) => ({
    to,
    subject: `You are invited to ${merchantName}`,
    text: `${intro}\n\nActivate your account: ${url}\n\n${validity}\n`,
    html: layout(
      `Join ${merchantName}`,
      [intro, validity],
      { label: 'Activate account', url },
      'If the button does not work, open this link:',
    ),
  }));
}
