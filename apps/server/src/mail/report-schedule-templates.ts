import type { Email } from './email';
import { t, type Locale } from '../lib/i18n/i18n';
import { layout } from './templates';

/** What a scheduled report's mails say (modules/report-schedules), in the recipient's language. */
export interface ReportScheduleMailFacts {
  merchantName: string;
  scheduleName: string;
  /** "Payments CSV" (in the recipient's language). */
  report: string;
  /** "2026-03-29 – 2026-03-29 (Europe/Amsterdam)". */
  period: string;
  /** The report centre's page of the export (or of the schedules, for a notice). */
  link: string;
}

export type ReportScheduleMail =
  /** To a recipient: the report is ready, with the link to its download page (the file is never attached). */
  | { kind: 'READY' }
  /** To the creator: these recipients no longer may read the report and were not sent it. */
  | { kind: 'RECIPIENTS_SKIPPED'; skipped: string[]; sentCount: number }
  /** To the creator: the export failed; nobody was sent it. */
  | { kind: 'FAILED' };

/**
 * Every mail of a scheduled report, subject and bodies, in one builder, in the recipient's language (`lang`; its
 * words are `mail:schedule.*`). The link opens the report centre, which asks to sign in; nothing in it is a secret.
 */
export function reportScheduleEmail(
  to: string,
  mail: ReportScheduleMail,
  f: ReportScheduleMailFacts,
  lang: Locale = 'en',
): Email {
  const facts = { schedule: f.scheduleName, merchant: f.merchantName, report: f.report, period: f.period };
  const m = (key: string, values: Record<string, unknown> = {}) =>
    t(`mail:schedule.${key}`, lang, { ...facts, ...values });
  const send = (which: string, paragraphs: string[]): Email => ({
    to,
    subject: m(`${which}.subject`),
    text: `${paragraphs.join('\n\n')}\n\n${m(`${which}.textAction`, { url: f.link })}\n`,
    html: layout(m(`${which}.title`), paragraphs, { label: m(`${which}.action`), url: f.link }, lang),
  });
  switch (mail.kind) {
    case 'READY':
      return send('ready', [m('ready.intro'), m('ready.how')]);
    case 'RECIPIENTS_SKIPPED':
      return send('skipped', [
        m('skipped.intro', { count: mail.sentCount }),
        m('skipped.who', { count: mail.skipped.length, names: mail.skipped.join(m('listSeparator')) }),
        m('skipped.edit'),
      ]);
    case 'FAILED':
      return send('failed', [m('failed.intro'), m('failed.retry')]);
  }
}

/** "Payments CSV" in a language: the report's type and format words. */
export function scheduleReportWords(type: string, format: string, lang: Locale): string {
  return t('mail:schedule.report', lang, { type, format });
}
