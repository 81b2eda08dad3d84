-- One-time links (password reset, invitation) no longer stay in stored mail (mail/one-time-link.ts):
-- a new mail's bodies hold a mark where the link goes and the link sits in one_time_link, which is
-- removed when the mail is sent or the link expires (link_expires_at; it stays set: the mail had one).
ALTER TABLE "outbox_emails" ADD COLUMN IF NOT EXISTS "one_time_link" text;
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN IF NOT EXISTS "link_expires_at" timestamp with time zone;
--> statement-breakpoint
-- The mail.expire-links job's search: mails still holding a link, by expiry.
CREATE INDEX IF NOT EXISTS "outbox_emails_link_expiry_idx" ON "outbox_emails" ("link_expires_at") WHERE "one_time_link" IS NOT NULL;
--> statement-breakpoint
-- Mail stored before has its link in the bodies (an http(s) URL with a token parameter,
-- modules/auth/links.ts). Sent mail: the link is removed, as sending does now.
UPDATE "outbox_emails"
   SET "text_body" = regexp_replace("text_body", 'https?://[^[:space:]"<>]*[?&]token=[^[:space:]"<>]*', '[link removed after sending]', 'g'),
       "html_body" = regexp_replace("html_body", 'https?://[^[:space:]"<>]*[?&]token=[^[:space:]"<>]*', '[link removed after sending]', 'g')
 WHERE "sent_at" IS NOT NULL AND ("text_body" ~ '[?&]token=' OR "html_body" ~ '[?&]token=');
--> statement-breakpoint
-- Unsent mail (the outbox without SMTP, a delivery in flight or failed): the link moves to
-- one_time_link and expires as the link does (a reset 30 minutes, an invitation 7 days after the mail);
-- the mail.expire-links job removes those past it at its first run.
UPDATE "outbox_emails"
   SET "one_time_link" = substring("text_body" from 'https?://[^[:space:]"<>]*[?&]token=[^[:space:]"<>]*'),
       "link_expires_at" = "created_at" + CASE WHEN "text_body" ~ '/reset_password[?]' THEN interval '30 minutes' ELSE interval '7 days' END
 WHERE "sent_at" IS NULL AND "text_body" ~ 'https?://[^[:space:]"<>]*[?&]token=';
--> statement-breakpoint
UPDATE "outbox_emails"
   SET "text_body" = regexp_replace("text_body", 'https?://[^[:space:]"<>]*[?&]token=[^[:space:]"<>]*', '{{one-time-link}}', 'g'),
       "html_body" = regexp_replace("html_body", 'https?://[^[:space:]"<>]*[?&]token=[^[:space:]"<>]*', '{{one-time-link}}', 'g')
 WHERE "one_time_link" IS NOT NULL;
