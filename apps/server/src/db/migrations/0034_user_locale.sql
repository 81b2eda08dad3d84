-- The user's language, kept per user (the user menu's Language, or the login page's choice at
-- sign-in): 'en' or 'zh-CN'. NULL until the user chooses: the browser's languages (Accept-Language)
-- decide, and mail goes out in English. A nullable column without a default: no table rewrite.
ALTER TABLE "users" ADD COLUMN "locale" text;
--> statement-breakpoint
-- Checked for every write from now on. NOT VALID: no scan under the ALTER's lock; the rows there are
-- all NULL (the column is new).
ALTER TABLE "users" ADD CONSTRAINT "users_locale" CHECK ("locale" IN ('en', 'zh-CN')) NOT VALID;
