import type { Email } from './email';
import { layout } from './templates';

/** What a scheduled report's mails say (modules/report-schedules). */
export interface ReportScheduleMailFacts {
  merchantName: string;
  scheduleName: string;
  /** "Payments CSV". */
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
 * Every mail of a scheduled report, subject and bodies, in one builder: the one place its words live (to be put in
 * the recipient's language). The link opens the report centre, which asks to sign in; nothing in it is a secret.
 */
export function reportScheduleEmail(to: string, mail: ReportScheduleMail, f: ReportScheduleMailFacts): Email {
  switch (mail.kind) {
    case 'READY': {
      const intro = `Your scheduled report "${f.scheduleName}" for ${f.merchantName} is ready: ${f.report}, ${f.period}.`;
      const how =
        'Sign in to the Merchant Back-office to download it from the report centre. The file is not attached to this email.';
      return {
        to,
        subject: `Scheduled report ready: ${f.scheduleName}`,
        text: `${intro}\n\n${how}\n\nOpen the report: ${f.link}\n`,
        html: layout('Your scheduled report is ready', [intro, how], { label: 'Open the report', url: f.link }),
      };
    }
    case 'RECIPIENTS_SKIPPED': {
      const intro = `The scheduled report "${f.scheduleName}" for ${f.merchantName} (${f.report}, ${f.period}) was sent to ${mail.sentCount} recipient${mail.sentCount === 1 ? '' : 's'}.`;
      const who = `It was not sent to ${mail.skipped.join(', ')}: ${mail.skipped.length === 1 ? 'this member no longer has' : 'these members no longer have'} access to this report (disabled, a role without it, or no longer a member of this merchant).`;
      const action = 'Edit the schedule to change its recipients.';
      return {
        to,
        subject: `Scheduled report not sent to everyone: ${f.scheduleName}`,
        text: `${intro}\n\n${who}\n\n${action}\n\nOpen the schedules: ${f.link}\n`,
        html: layout('Some recipients were skipped', [intro, who, action], {
          label: 'Open the schedules',
          url: f.link,
        }),
      };
    }
    case 'FAILED': {
      const intro = `The scheduled report "${f.scheduleName}" for ${f.merchantName} (${f.report}, ${f.period}) could not be built, so it was not sent.`;
      const action = 'The next run will try again; you can also export it from the report centre now.';
      return {
        to,
        subject: `Scheduled report failed: ${f.scheduleName}`,
        text: `${intro}\n\n${action}\n\nOpen the report centre: ${f.link}\n`,
        html: layout('A scheduled report failed', [intro, action], { label: 'Open the report centre', url: f.link }),
      };
    }
  }
}
