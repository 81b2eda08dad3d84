-- The user's theme, kept per user (the user menu's Theme choice): 'system' follows the browser's
-- prefers-color-scheme, 'light' and 'dark' fix it. A constant default: adding the column takes no table rewrite.
ALTER TABLE "users" ADD COLUMN "theme" text DEFAULT 'system' NOT NULL;
--> statement-breakpoint
-- Checked for every write from now on. NOT VALID: no scan under the ALTER's lock; the rows there are
-- all 'system' (the default above).
ALTER TABLE "users" ADD CONSTRAINT "users_theme" CHECK ("theme" IN ('system', 'light', 'dark')) NOT VALID;
