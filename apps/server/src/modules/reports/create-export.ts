import { eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { CreateExportQuery, ExportRecord } from '@mbo/contracts/reports';
import type { DbOrTx } from '../../db/client';
import { exportJobs } from '../../db/payments-schema';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit';
import { readRequiredDateRange } from '../../lib/date-range';
import { recipientLocale, type Locale } from '../../lib/i18n/i18n';
import { newId } from '../../lib/ids';
import type { AuthContext } from '../../plugins/session-store';
import type { JobQueue } from '../../jobs/job-queue';
import { buildExportJob } from './build-export-job';
import { toExportRecord } from './export-record';
import { mayExportType } from './export-access';
import { exportType, type ExportParams, type ExportTypeDef } from './export-types';

/** An export covers at most one year (366 days, for leap years). */
export const MAX_RANGE_MS = 366 * 24 * 60 * 60 * 1000;

export function invalid(field: string, message: string): AppError {
  return new AppError(ERROR_CODES.INVALID_REQUEST, {
    msg: `Invalid request: ${field} ${message}.`,
    data: { fields: [{ field, message }] },
  });
}

/** The database's "one unfinished export per user" index refused the row. */
function isOneOpenViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (
      code === '23505' &&
      (constraint === 'export_jobs_one_open_per_user_uq' ||
        (message ?? '').includes('export_jobs_one_open_per_user_uq'))
    )
      return true;
    if (e === (e as { cause?: unknown }).cause) break;
  }
  return false;
}

/** The export type, when the user's role may export it; else 001000B001 naming `type`. */
function readExportType(auth: AuthContext, type: string): ExportTypeDef {
  const def = exportType(type);
  if (!def) throw invalid('type', 'is not an export type');
  if (!mayExportType(auth, def, { reportCentre: false })) throw invalid('type', 'is not open to your role');
  return def;
}

/** What an export writes besides its date range: the type, its list's filters and the columns. */
export interface ExportChoice {
  type: string;
  filters: Record<string, unknown>;
  columns: readonly string[];
}

/**
 * Reads an export's type, filters and columns as the report centre takes them (a scheduled report too): a type
 * the user's role may export (exportTypeOpenTo), filters its list accepts, known columns (none: the defaults).
 * A refusal is 001000B001 naming the field (`type`, `filters.status`, `columns`).
 */
export function readExportChoice(
  auth: AuthContext,
  input: ExportChoice,
): { def: ExportTypeDef; filters: Record<string, unknown>; columns: string[] } {
  const def = readExportType(auth, input.type);
  const filters = def.filtersSchema.safeParse(input.filters);
  if (!filters.success) {
    const issue = filters.error.issues[0];
    const field = ['filters', ...issue.path.map(String)].join('.');
    throw invalid(
      field,
      issue.code === 'unrecognized_keys'
        ? `has unknown fields ${issue.keys.join(', ')}`
        : issue.message.replace(/\.$/, ''),
    );
  }
  const known = new Set(def.columns.map((c) => c.key));
  const unknown = input.columns.find((k) => !known.has(k));
  if (unknown !== undefined) throw invalid('columns', `has an unknown column ${unknown.slice(0, 64)}`);
  const columns = [...new Set(input.columns)];
  return {
    def,
    filters: filters.data,
    columns: columns.length ? columns : def.columns.filter((c) => c.default).map((c) => c.key),
  };
}

export interface CreateExportOptions {
  /**
   * The report schedule whose run asks for it (modules/report-schedules): the export names it, and is not held to
   * "one unfinished export per user".
   */
  scheduleId?: string;
  /** The language of the file's headers: the caller's (callerLocale); without it, the user's choice, else English. */
  locale?: Locale;
}

/**
 * Queues an export: its row and its build job are written in one transaction (build-export-job.ts); inside the
 * caller's transaction when `db` is one (a savepoint), so a scheduled run's record and its export commit together.
 */
export async function createExport(
  db: DbOrTx,
  jobs: JobQueue,
  auth: AuthContext,
  input: CreateExportQuery,
  ip: string | null = null,
  options: CreateExportOptions = {},
): Promise<ExportRecord> {
  const def = readExportType(auth, input.type);
  // Read (refused outside the years 1 to 9999) by the one date-range reader; the order and the span are
  // this export's rules, on the instants as given (clamping would hide an order the client got wrong).
  readRequiredDateRange(input.createdFrom, input.createdTo);
  const from = Date.parse(input.createdFrom);
  const to = Date.parse(input.createdTo);
  if (from > to) throw invalid('createdFrom', 'must not be after createdTo');
  if (to - from > MAX_RANGE_MS) throw invalid('createdTo', 'must be at most one year after createdFrom');
  const choice = readExportChoice(auth, input);
  const params: ExportParams = {
    createdFrom: new Date(from).toISOString(),
    createdTo: new Date(to).toISOString(),
    timeZone: input.timeZone,
    filters: choice.filters,
    columns: choice.columns,
    locale: options.locale ?? recipientLocale(auth.locale),
  };
  try {
    const job = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(exportJobs)
        .values({
          id: newId('EXP'),
          merchantId: auth.merchantId,
          userId: auth.userId,
          type: def.type,
          format: input.format,
          params,
          status: 'QUEUED',
          scheduleId: options.scheduleId ?? null,
        })
        .returning();
      await jobs.send(buildExportJob, { exportId: row.id }, { tx });
      await audit(tx, {
        action: 'EXPORT_CREATED',
        outcome: 'SUCCESS',
        actorUserId: auth.userId,
        actorEmail: auth.email,
        merchantId: auth.merchantId,
        ip,
        targetType: 'EXPORT',
        targetId: row.id,
        detail: {
          type: def.type,
          format: input.format,
          createdFrom: params.createdFrom,
          createdTo: params.createdTo,
          ...(options.scheduleId ? { scheduleId: options.scheduleId } : {}),
        },
      });
      return row;
    });
    jobs.wake(buildExportJob.name);
    return toExportRecord(job);
  } catch (err) {
    if (isOneOpenViolation(err)) throw new AppError(ERROR_CODES.EXPORT_NOT_COMPLETED);
    throw err;
  }
}

/**
 * Lets these members of the export's merchant open and download it besides its owner (a scheduled report's
 * recipients, modules/report-schedules); each download still checks their role (findExport).
 */
export async function shareExport(tx: DbOrTx, exportId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .update(exportJobs)
    .set({
      readerIds: sql`ARRAY(SELECT DISTINCT u FROM unnest(${exportJobs.readerIds} || ARRAY[${sql.join(
        userIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}]) AS u)`,
    })
    .where(eq(exportJobs.id, exportId));
}
