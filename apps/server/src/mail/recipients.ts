import { sql } from 'drizzle-orm';
import type { PermissionCode } from '@mbo/contracts/permissions';
import type { RoleCode } from '@mbo/contracts/team';
import type { DbOrTx } from '../db/client';
import { merchants, roles, users } from '../db/schema';
import { computed, typedRows } from '../db/typed-rows';
import { recipientLocale, type Locale } from '../lib/i18n/i18n';
import { allows } from '../plugins/route-access';
import type { Mailer } from './mailer';

/** @reads merchants, roles, users (tables other modules own: db/table-owners.ts) */

/** What a module needs to mail about a change: the outbox and the base of the links. */
export interface Notifier {
  mailer: Mailer;
  publicUrl: string;
}

/** A recipient of a mail: the address, and the language the mail is written in (users.locale, else English). */
export interface Recipient {
  email: string;
  locale: Locale;
}

/**
 * Who a mail is for: the members who may do what it is about, by what their role grants (built-in or custom alike),
 * read as a call of theirs would be for the merchant (plugins/route-access.ts allows: the page or code, of the
 * merchant's product).
 */
export interface MailAudience {
  /** The page (menu URL) or the permission code the mail is about. */
  may: { menu: string } | { permission: PermissionCode };
  /**
   * The built-in roles told among those that grant it: the ones the mail has always gone to (Admin holds every
   * grant, Viewer reads every page, and neither is mailed). A custom role is told whenever it grants `may`.
   */
  builtIn: readonly RoleCode[];
}

/**
 * Who is told about something that happened to a merchant: its active members in `audience`, and those of its parent
 * (who may switch into it), each with the language the mail to them is written in.
 */
export async function merchantRecipientsIn(
  tx: DbOrTx,
  merchantId: string,
  audience: MailAudience,
): Promise<Recipient[]> {
  const rows = await typedRows(
    tx,
    {
      email: users.email,
      locale: users.locale,
      role_code: users.roleCode,
      built_in: computed(Boolean),
      menu_urls: roles.menuUrls,
      permission_codes: roles.permissionCodes,
      sign_product: merchants.signProduct,
    },
    sql`
      SELECT u.email, u.locale, u.role_code, r.merchant_id IS NULL AS built_in, r.menu_urls, r.permission_codes,
             m.sign_product
        FROM users u
        JOIN roles r ON r.code = u.role_code
        JOIN merchants m ON m.id = ${merchantId}
       WHERE u.status = 'ACTIVE' AND (u.merchant_id = m.id OR u.merchant_id = m.parent_id)
       ORDER BY u.email`,
  );
  const told = new Map<string, Recipient>();
  for (const row of rows) {
    if (row.built_in && !(audience.builtIn as readonly string[]).includes(row.role_code)) continue;
    const grants = {
      merchantSignProduct: row.sign_product,
      menuUrls: row.menu_urls,
      permissionCodes: row.permission_codes,
    };
    if (!told.has(row.email) && allows(grants, audience.may))
      told.set(row.email, { email: row.email, locale: recipientLocale(row.locale) });
  }
  return [...told.values()];
}
