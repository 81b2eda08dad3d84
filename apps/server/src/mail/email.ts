/**
 * What a mail is, apart from how it is sent (mailer.ts) and how its one-time link is kept
 * (one-time-link.ts): both, and the templates, import these types from here.
 */

/**
 * A link that is a secret: whoever holds it can use it once until it expires (a password reset, an
 * invitation). The user_links table keeps only its hash; the outbox must not keep it either beyond
 * what delivery needs.
 */
export interface OneTimeLink {
  url: string;
  expiresAt: Date;
}

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A secret link, kept apart from the bodies (which hold ONE_TIME_LINK_MARK): see mail/one-time-link.ts. */
  oneTimeLink?: OneTimeLink;
}
