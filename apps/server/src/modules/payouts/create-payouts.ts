import { recordText } from '@mbo/contracts/record-texts';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import {
  checkPayoutRow,
  checkPayoutRows,
  duplicateKey,
  PAYOUT_ROW_FIELDS,
  type PayoutCellError,
  type PayoutRowInput,
  type ValidPayout,
} from '@mbo/contracts/payout-rows';
import {
  BATCH_DUPLICATE_WINDOW_HOURS,
  type CreatePayoutRequest,
  type PayoutBatchRecord,
  type PayoutRecord,
  type SubmitPayoutBatchRequest,
} from '@mbo/contracts/payouts';
import type { Db, DbOrTx } from '../../db/client';
import { payoutBatches } from '../../db/money-out-schema';
import { typedRows } from '../../db/typed-rows';
import type { JobQueue } from '../../jobs/job-queue';
import type { MoneyActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit';
import { claimIdempotencyKey, storeIdempotentResponse } from '../idempotency';
import { newId } from '../../lib/ids';
import type { SecretBox } from '../../lib/secret-box';
import { placeOf } from '../../db/encrypted-columns';
import { lockAccounts, postTransaction, moneyOutHoldPostings } from '../ledger';
import { anyNeedsApproval, needsApproval } from '../approvals';
import { emitDomainEvents } from '../domain-events';
import { payoutServicesOf } from '../payout-services';
import { appendTimeline } from '../timeline';
import { readPayout, readPayoutBatch } from './read-payouts';
import { sandboxPayoutJob } from './sandbox-payout-job';

/** @reads merchants (tables other modules own: db/table-owners.ts) */

export const PAYOUT_SCOPE = 'PAYOUT';
export const PAYOUT_BATCH_SCOPE = 'PAYOUT_BATCH';
const INSERT_CHUNK = 400;

export interface PayoutDeps {
  jobs: JobQueue;
  delayMs: number;
  /** The beneficiary's full account number is stored encrypted (db/encrypted-columns.ts). */
  secrets: SecretBox;
}

/** Invalid rows: 006001B051 with each row's cell errors (the first 200 rows with errors), nothing reserved. */
function rowsInvalid(rows: { row: number; errors: PayoutCellError[] }[]): AppError {
  const first = rows[0];
  const cell = first.errors[0];
  const where = rows.length === 1 && first.row === 0 ? '' : `Row ${first.row}: `;
  return new AppError(ERROR_CODES.PAYOUT_ROWS_INVALID, {
    msg: `${where}${cell.field} ${cell.message}.${rows.length > 1 ? ` ${rows.length} rows have errors.` : ''}`,
    data: { rows: rows.slice(0, 200) },
  });
}

/**
 * Locks the accounts of each currency (in currency order) and checks the available balance covers its total, under the
 * lock.
 */
async function holdTotals(
  tx: DbOrTx,
  merchantId: string,
  payouts: ValidPayout[],
  reference: { type: string; id: string },
): Promise<void> {
  const totals = new Map<string, number>();
  for (const p of payouts) totals.set(p.currency, (totals.get(p.currency) ?? 0) + p.amount + p.fee);
  const currencies = [...totals.keys()].sort();
  const locked = [];
  for (const currency of currencies) {
    const postings = moneyOutHoldPostings(merchantId, totals.get(currency)!);
    const accounts = await lockAccounts(tx, currency, postings);
    if (accounts.balance(merchantId, 'AVAILABLE') < totals.get(currency)!)
      throw new AppError(ERROR_CODES.INSUFFICIENT_BALANCE);
    locked.push({ currency, postings, accounts });
  }
  for (const l of locked) {
    await postTransaction(
      tx,
      {
        merchantId,
        currency: l.currency,
        kind: 'PAYOUT',
        referenceType: reference.type,
        referenceId: reference.id,
        postings: l.postings,
      },
      l.accounts,
    );
  }
}

/**
 * Writes the payouts PENDING or PENDING_APPROVAL (in chunks); a single payout with its CREATED event;
 * payout.created for each, in row order (also those waiting for approval: created, not yet sent).
 */
async function insertPayouts(
  tx: DbOrTx,
  actor: MoneyActor,
  payouts: { id: string; p: ValidPayout; rowNo: number | null }[],
  batchId: string | null,
  status: string,
  jobs: JobQueue,
  secrets: SecretBox,
): Promise<void> {
  for (let i = 0; i < payouts.length; i += INSERT_CHUNK) {
    const chunk = payouts.slice(i, i + INSERT_CHUNK);
    await tx.execute(sql`
      INSERT INTO payouts (id, merchant_id, batch_id, row_no, service_id, beneficiary_name, country, method, account_number, routing_code, bic, last4,
                           currency, amount, fee, purpose, reference, status, created_by)
      VALUES ${sql.join(
        chunk.map(
          ({
            id,
            p,
            rowNo,
          }) => sql`(${id}, ${actor.merchantId}, ${batchId}, ${rowNo}, ${p.serviceId}, ${p.beneficiaryName}, ${p.country},
        ${p.method}, ${secrets.seal(p.accountNumber, placeOf('payouts', id))}, ${p.routingCode}, ${p.bic}, ${p.last4}, ${p.currency}, ${p.amount}, ${p.fee}, ${p.purpose}, ${p.reference}, ${status}, ${actor.email})`,
        ),
        sql`, `,
      )}`);
  }
  if (batchId === null) {
    const note = status === 'PENDING_APPROVAL' ? recordText('payoutReservedAwaiting') : recordText('payoutReserved');
    await appendTimeline(
      tx,
      payouts.map((x) => ({
        merchantId: actor.merchantId,
        entityType: 'PAYOUT',
        entityId: x.id,
        type: 'CREATED',
        status,
        note,
        actor: actor.email,
      })),
    );
  }
  await emitDomainEvents(
    tx,
    jobs,
    'payout.created',
    actor.merchantId,
    payouts.map((x) => x.id),
  );
}

/**
 * One payout (the single-payout form): the row rules (006001B051 naming the cells), then in one
 * transaction with the idempotency key: amount + fee held from available (006001B006 when it does
 * not cover them, under the ledger's lock), the payout written PENDING, the sandbox bank's job sent.
 */
export async function createPayout(
  db: Db,
  actor: MoneyActor,
  input: CreatePayoutRequest,
  key: string,
  deps: PayoutDeps,
): Promise<PayoutRecord> {
  const check = checkPayoutRow(input as PayoutRowInput, await payoutServicesOf(db, actor.merchantId));
  if (!check.ok) throw rowsInvalid([{ row: 0, errors: check.errors }]);
  const record = await db.transaction(async (tx) => {
    const claim = await claimIdempotencyKey<PayoutRecord>(tx, actor.merchantId, PAYOUT_SCOPE, key, input);
    if (claim.replay && claim.response) return claim.response;
    const id = newId('PYO');
    await holdTotals(tx, actor.merchantId, [check.payout], { type: 'PAYOUT', id });
    const status = (await needsApproval(tx, actor.merchantId, check.payout.currency, check.payout.amount))
      ? 'PENDING_APPROVAL'
      : 'PENDING';
    await insertPayouts(tx, actor, [{ id, p: check.payout, rowNo: null }], null, status, deps.jobs, deps.secrets);
    await audit(tx, {
      action: 'PAYOUT',
      outcome: 'SUCCESS',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      merchantId: actor.merchantId,
      ip: actor.ip,
      targetType: 'PAYOUT',
      targetId: id,
      detail: {
        currency: check.payout.currency,
        amount: check.payout.amount,
        fee: check.payout.fee,
        last4: check.payout.last4,
      },
    });
    if (status === 'PENDING')
      await deps.jobs.send(sandboxPayoutJob, { payoutId: id }, { tx, startAfterSeconds: deps.delayMs / 1000 });
    const created = await readPayout(tx, actor.merchantId, id);
    await storeIdempotentResponse(tx, claim, created);
    return created;
  });
  if (deps.delayMs === 0) deps.jobs.wake(sandboxPayoutJob.name);
  return record;
}

/**
 * What a batch pays, as one hash: the duplicate key of every row (payout-rows.ts `duplicateKey`: account,
 * amount, currency, reference as checkPayoutRow normalised them), sorted. The one normalisation that
 * also finds a row repeated within a file, so "7" and "7.00", an IBAN with or without spaces, "gbp"
 * and "GBP", a BOM, CRLF or another row order are the same batch.
 */
export function batchContentHash(payouts: readonly ValidPayout[]): string {
  const keys = payouts.map(duplicateKey).sort();
  return createHash('sha256').update(JSON.stringify(keys)).digest('hex');
}

/**
 * The hash batches were stored with before 2026-11-27 (the raw cell text in row order). Looked up
 * besides batchContentHash so a batch submitted just before that change is still answered when sent
 * again as it was; it only matters for 24 hours (BATCH_DUPLICATE_WINDOW_HOURS) and can go after that.
 */
export function rawRowsHash(rows: readonly Partial<PayoutRowInput>[]): string {
  const canonical = rows.map((r) => PAYOUT_ROW_FIELDS.map((f) => String(r[f] ?? '').trim()));
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * Submits a batch: every row checked again (006001B051 with each row's cells; nothing reserved), then
 * in one transaction: the idempotency key; the merchant row locked, so two submits of one file run
 * one after the other, and a batch of the same rows in the last 24 hours is answered instead of paid
 * again; the totals of every currency held at once (006001B006 and nothing held when one is short);
 * the rows written PENDING; the sandbox bank's job sent.
 */
export async function submitPayoutBatch(
  db: Db,
  actor: MoneyActor,
  input: SubmitPayoutBatchRequest,
  key: string,
  deps: PayoutDeps,
): Promise<PayoutBatchRecord> {
  const rows = input.rows as PayoutRowInput[];
  const checked = checkPayoutRows(rows, await payoutServicesOf(db, actor.merchantId));
  const bad = checked.errors.map((errors, i) => ({ row: i + 1, errors })).filter((r) => r.errors.length);
  if (bad.length) throw rowsInvalid(bad);
  const valid = checked.valid.map((p) => p!);
  const hash = batchContentHash(valid);
  const record = await db.transaction(async (tx) => {
    const claim = await claimIdempotencyKey<PayoutBatchRecord>(tx, actor.merchantId, PAYOUT_BATCH_SCOPE, key, {
      fileName: input.fileName,
      hash,
    });
    if (claim.replay && claim.response) return claim.response;
    await tx.execute(sql`SELECT id FROM merchants WHERE id = ${actor.merchantId} FOR UPDATE`);
    const [earlier] = await typedRows(
      tx,
      { id: payoutBatches.id },
      sql`
      SELECT id FROM payout_batches WHERE merchant_id = ${actor.merchantId} AND content_hash IN (${hash}, ${rawRowsHash(rows)})
         AND created_at > now() - make_interval(hours => ${BATCH_DUPLICATE_WINDOW_HOURS}) ORDER BY created_at LIMIT 1`,
    );
    if (earlier) {
      const first = await readPayoutBatch(tx, actor.merchantId, earlier.id);
      await storeIdempotentResponse(tx, claim, first);
      return first;
    }
    const batchId = newId('PBT');
    const payouts = valid.map((p, i) => ({ id: newId('PYO'), p, rowNo: i + 1 }));
    const totals = new Map<string, number>();
    for (const { p } of payouts) totals.set(p.currency, (totals.get(p.currency) ?? 0) + p.amount);
    const awaiting = await anyNeedsApproval(tx, actor.merchantId, totals);
    await tx.execute(sql`
      INSERT INTO payout_batches (id, merchant_id, file_name, content_hash, row_count, status, created_by)
      VALUES (${batchId}, ${actor.merchantId}, ${input.fileName.trim()}, ${hash}, ${payouts.length}, ${awaiting ? 'PENDING_APPROVAL' : 'PROCESSING'}, ${actor.email})`);
    await holdTotals(
      tx,
      actor.merchantId,
      payouts.map((x) => x.p),
      { type: 'PAYOUT_BATCH', id: batchId },
    );
    await insertPayouts(
      tx,
      actor,
      payouts,
      batchId,
      awaiting ? 'PENDING_APPROVAL' : 'PENDING',
      deps.jobs,
      deps.secrets,
    );
    await appendTimeline(tx, {
      merchantId: actor.merchantId,
      entityType: 'PAYOUT_BATCH',
      entityId: batchId,
      type: 'CREATED',
      status: awaiting ? 'PENDING_APPROVAL' : 'PENDING',
      note: recordText(awaiting ? 'batchSubmittedAwaiting' : 'batchSubmitted', { count: payouts.length }),
      actor: actor.email,
    });
    await audit(tx, {
      action: 'PAYOUT_BATCH',
      outcome: 'SUCCESS',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      merchantId: actor.merchantId,
      ip: actor.ip,
      targetType: 'PAYOUT_BATCH',
      targetId: batchId,
      detail: { rows: payouts.length, fileName: input.fileName.trim() },
    });
    if (!awaiting) await deps.jobs.send(sandboxPayoutJob, { batchId }, { tx, startAfterSeconds: deps.delayMs / 1000 });
    const created = await readPayoutBatch(tx, actor.merchantId, batchId);
    await storeIdempotentResponse(tx, claim, created);
    return created;
  });
  if (deps.delayMs === 0) deps.jobs.wake(sandboxPayoutJob.name);
  return record;
}
