import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { ReportScheduleRecipient } from '@mbo/contracts/report-schedules';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/session-store';
import { exportType, mayExportType } from '../reports';
import { memberContexts } from './member-access';

/**
 * The form's recipients picker: the active members of the merchant who may read a report of this type (export it
 * themselves: the report centre's code, the type's code and its list's menu), by name. Asked only for a type the
 * caller may export.
 */
export async function eligibleRecipients(
  db: DbOrTx,
  auth: AuthContext,
  type: string,
): Promise<ReportScheduleRecipient[]> {
  const def = exportType(type);
  if (!def || !mayExportType(auth, def, { reportCentre: true }))
    throw new AppError(ERROR_CODES.INVALID_REQUEST, {
      msg: 'Invalid request: type is not open to your role.',
      data: { fields: [{ field: 'type', message: 'is not open to your role' }] },
    });
  const members = await memberContexts(db, auth.merchantId);
  return [...members.values()]
    .filter((m) => mayExportType(m, def, { reportCentre: true }))
    .map((m) => ({ userId: m.userId, name: m.name, email: m.email }));
}
