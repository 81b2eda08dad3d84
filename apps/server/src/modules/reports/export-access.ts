import { allows } from '../../plugins/route-access';
import { grants, type AuthContext } from '../../plugins/session-store';
import type { ExportTypeDef } from './export-types';

/** The report centre's own code: every export call needs it (routes.ts). */
export const REPORT_EXPORT_CODE = 'API_REPORT_EXPORT';

/**
 * Whether the user, as their role is now, may export (and so open an export of) this type: the type's own code and
 * the menu of its list, and with `reportCentre` the report centre's code too (the routes check that one for a call;
 * a scheduled run, which has no call, asks for it here).
 */
export function mayExportType(
  auth: AuthContext,
  def: Pick<ExportTypeDef, 'permission' | 'menu'>,
  opts: { reportCentre: boolean },
): boolean {
  if (opts.reportCentre && !allows(auth, { permission: REPORT_EXPORT_CODE })) return false;
  if (def.permission && !grants(auth.permissionCodes, def.permission)) return false;
  if (def.menu && !allows(auth, { menu: def.menu })) return false;
  return true;
}
