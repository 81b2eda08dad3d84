-- Custom roles (issue 29): a merchant's own role, made from a built-in one (base_code), named, with the pages
-- and permission codes ticked in the roles matrix. It lives beside the built-in roles in "roles", so a member's
-- users.role_code (its foreign key) and the session's join resolve it exactly like a built-in role, and a change
-- applies on the member's next call. The built-in roles keep merchant_id and base_code NULL.
-- The table holds only the built-in roles (six rows) when this runs: its checks and index scan nothing worth a lock.
ALTER TABLE "roles" ADD COLUMN IF NOT EXISTS "merchant_id" text;
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN IF NOT EXISTS "base_code" text;
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN IF NOT EXISTS "created_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN IF NOT EXISTS "updated_at" timestamp with time zone;
--> statement-breakpoint
-- migrate-lint: allow constraint-not-valid (roles holds the six built-in roles, none with a merchant)
ALTER TABLE "roles" ADD CONSTRAINT "roles_merchant_fk" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id");
--> statement-breakpoint
-- migrate-lint: allow constraint-not-valid (roles holds the six built-in roles, none with a base)
ALTER TABLE "roles" ADD CONSTRAINT "roles_base_fk" FOREIGN KEY ("base_code") REFERENCES "roles"("code");
--> statement-breakpoint
-- A custom role has both a merchant and a base; a built-in role neither.
-- migrate-lint: allow constraint-not-valid (six built-in rows)
ALTER TABLE "roles" ADD CONSTRAINT "roles_custom_shape" CHECK (("merchant_id" IS NULL) = ("base_code" IS NULL));
--> statement-breakpoint
-- A custom role names every page and code it grants: never '*' (the built-in Owner's and Admin's wildcard).
-- migrate-lint: allow constraint-not-valid (six built-in rows)
ALTER TABLE "roles" ADD CONSTRAINT "roles_custom_no_wildcard" CHECK (
  "merchant_id" IS NULL OR NOT ('*' = ANY ("menu_urls") OR '*' = ANY ("permission_codes"))
);
--> statement-breakpoint
-- A custom role's name is the merchant's once, in any case (the code also refuses a built-in role's name).
-- migrate-lint: allow index-not-concurrent (six built-in rows, none indexed by this partial index)
CREATE UNIQUE INDEX IF NOT EXISTS "roles_merchant_name_uq" ON "roles" ("merchant_id", lower("name"))
  WHERE "merchant_id" IS NOT NULL;
