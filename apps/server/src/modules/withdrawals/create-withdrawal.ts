import { recordText } from '@mbo/contracts/record-texts';
import { and, eq, isNull } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { computeFee } from '@mbo/contracts/fee-rule';
import { amountWithCode, parseAmount } from '@mbo/contracts/money';
import { WITHDRAWAL_SANDBOX, type CreateWithdrawalRequest, type WithdrawalRecord } from '@mbo/contracts/withdrawals';
import type { Db, DbOrTx } from '../../db/client';
import { bankAccounts, withdrawals } from '../../db/money-out-schema';
import type { JobQueue } from '../../jobs/job-queue';
import type { MoneyActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit';
import { claimIdempotencyKey, storeIdempotentResponse } from '../idempotency';
import { newId } from '../../lib/ids';
import { lockAccounts, postTransaction, moneyOutHoldPostings } from '../ledger';
import { readWithdrawal } from './read-withdrawals';
import { sandboxBankJob } from './sandbox-bank-job';
import { needsApproval } from '../approvals';
import { agreementOf } from './withdraw-config';
import { withdrawalHoursAt, withdrawalHoursOf } from './working-hours';
import { appendTimeline } from '../timeline';

/** @reads bank_accounts (tables other modules own: db/table-owners.ts) */

export const WITHDRAWAL_SCOPE = 'WITHDRAWAL';

/**
 * What a withdrawal needs from the app: the sandbox bank's job and its delay; `now` for the working-hours rule (tests).
 */
export interface WithdrawalDeps {
  jobs: JobQueue;
  delayMs: number;
  now?: () => Date;
}

/**
 * Submits a withdrawal (PRODUCT.md /account/withdraw) in one database transaction: the idempotency
 * key first (a retry with the same key and body gets the first answer; another body 001000B002),
 * then the rules in the spec's catalogue order: working hours (006001B003), an agreement for the
 * currency (006001B005), the amount (decimals 003001B039, limits 006001B047), a verified account of
 * the merchant in the currency (006001B040 / 006001B044), and the available balance, checked under
 * the ledger's account lock (006001B006), so parallel withdrawals can never overdraw it. Then the
 * order is written PENDING and one ledger transaction moves the amount from available to reserved;
 * the sandbox bank's job is sent in the same transaction. Above the merchant's approval threshold the
 * order waits in PENDING_APPROVAL instead, its money held, for a second user (modules/approvals).
 *
 * A remark containing `sandbox:timeout` plays a bank that does not answer in time: the order is
 * committed PENDING as any other, but the caller gets 006001B016 and finds the order in the history
 * (a retry with the same key gets the order itself); the bank's job resolves it later.
 */
export async function createWithdrawal(
  db: Db,
  actor: MoneyActor,
  input: CreateWithdrawalRequest,
  key: string,
  deps: WithdrawalDeps,
): Promise<WithdrawalRecord> {
  let record: WithdrawalRecord;
  let replay = false;
  try {
    record = await db.transaction(async (tx) => {
      const claim = await claimIdempotencyKey<WithdrawalRecord>(tx, actor.merchantId, WITHDRAWAL_SCOPE, key, input);
      if (claim.replay && claim.response) {
        replay = true;
        return claim.response;
      }
      const created = await withdrawInTransaction(tx, actor, input, deps.now?.() ?? new Date());
      // Awaiting a checker: the bank gets it once approved (modules/approvals).
      if (created.status === 'PENDING')
        await deps.jobs.send(
          sandboxBankJob,
          { withdrawalId: created.withdrawalId },
          { tx, startAfterSeconds: deps.delayMs / 1000 },
        );
      await storeIdempotentResponse(tx, claim, created);
      return created;
    });
  } catch (err) {
    if (
      err instanceof AppError &&
      err.code !== ERROR_CODES.IDEMPOTENCY_MISMATCH &&
      err.code !== ERROR_CODES.IDEMPOTENCY_IN_PROGRESS
    ) {
      await audit(db, {
        action: 'WITHDRAWAL',
        outcome: 'FAILURE',
        actorUserId: actor.userId,
        actorEmail: actor.email,
        merchantId: actor.merchantId,
        ip: actor.ip,
        targetType: 'BANK_ACCOUNT',
        targetId: input.bankAccountId.slice(0, 64),
        detail: { code: err.code, currency: input.currency, amount: input.amount },
      }).catch(() => undefined);
    }
    throw err;
  }
  if (deps.delayMs === 0 && !replay) deps.jobs.wake(sandboxBankJob.name);
  if (!replay && (record.remark ?? '').includes(WITHDRAWAL_SANDBOX.timeoutMarker)) {
    throw new AppError(ERROR_CODES.WITHDRAW_TIMEOUT, { data: { withdrawalId: record.withdrawalId } });
  }
  return record;
}

async function withdrawInTransaction(
  tx: DbOrTx,
  actor: MoneyActor,
  input: CreateWithdrawalRequest,
  now: Date,
): Promise<WithdrawalRecord> {
  const { merchantId } = actor;
  const hours = withdrawalHoursAt(await withdrawalHoursOf(tx, merchantId), now);
  if (!hours.open) throw new AppError(ERROR_CODES.WITHDRAW_WORKING_HOURS);

  const agreement = await agreementOf(tx, merchantId, input.currency);
  if (!agreement) throw new AppError(ERROR_CODES.NO_WITHDRAW_AGREEMENT);

  const parsed = parseAmount(input.amount, input.currency, { min: 1 });
  if (!parsed.ok) {
    if (parsed.error === 'TOO_MANY_DECIMALS' && parsed.exponent === 0) throw new AppError(ERROR_CODES.NO_DECIMALS);
    const message =
      parsed.error === 'TOO_MANY_DECIMALS'
        ? `must have at most ${parsed.exponent} decimals in ${input.currency}`
        : 'must be a positive amount like 250.00';
    throw new AppError(ERROR_CODES.INVALID_REQUEST, {
      msg: `Invalid request: amount ${message}.`,
      data: { fields: [{ field: 'amount', message }] },
    });
  }
  const amount = parsed.minor;
  const fee = computeFee({
    amount,
    currency: input.currency,
    rule: {
      percentBps: agreement.fee.percentBps,
      fixedMinor: agreement.fee.fixedMinor,
      minimumMinor: agreement.fee.minimumMinor ?? 0,
    },
  });
  const money = (minor: number) => amountWithCode(minor, input.currency);
  if (
    amount < agreement.minAmount ||
    (agreement.maxAmount !== null && amount > agreement.maxAmount) ||
    amount - fee <= 0
  ) {
    const range =
      agreement.maxAmount === null
        ? `at least ${money(agreement.minAmount)}`
        : `from ${money(agreement.minAmount)} to ${money(agreement.maxAmount)}`;
    throw new AppError(ERROR_CODES.WITHDRAW_AMOUNT_OUTSIDE_LIMITS, {
      msg: `A ${input.currency} withdrawal must be ${range}, and more than its fee.`,
    });
  }

  // The account, share-locked: a remove of it waits for this order (and then sees it in flight).
  const [account] = await tx
    .select({ status: bankAccounts.status, currency: bankAccounts.currency })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.id, input.bankAccountId),
        eq(bankAccounts.merchantId, merchantId),
        isNull(bankAccounts.removedAt),
      ),
    )
    .for('share');
  if (!account) throw new AppError(ERROR_CODES.BANK_ACCOUNT_NOT_FOUND, { msg: 'Bank account not found.' });
  if (account.status !== 'VERIFIED' || account.currency !== input.currency) {
    throw new AppError(ERROR_CODES.BANK_ACCOUNT_NOT_USABLE, {
      msg:
        account.status !== 'VERIFIED'
          ? 'This bank account is not verified yet. Choose a verified account.'
          : `This bank account takes ${account.currency}, not ${input.currency}.`,
    });
  }

  const postings = moneyOutHoldPostings(merchantId, amount);
  const accounts = await lockAccounts(tx, input.currency, postings);
  if (accounts.balance(merchantId, 'AVAILABLE') < amount) throw new AppError(ERROR_CODES.INSUFFICIENT_BALANCE);

  const id = newId('WDR', now.getTime());
  const remark = input.remark ? input.remark : null;
  const status = (await needsApproval(tx, merchantId, input.currency, amount)) ? 'PENDING_APPROVAL' : 'PENDING';
  // created_at and updated_at: their defaults, now() (the transaction's start, as the ledger's rows).
  await tx.insert(withdrawals).values({
    id,
    merchantId,
    bankAccountId: input.bankAccountId,
    currency: input.currency,
    amount,
    fee,
    netAmount: amount - fee,
    remark,
    status,
    createdBy: actor.email,
  });
  await appendTimeline(tx, {
    merchantId,
    entityType: 'WITHDRAWAL',
    entityId: id,
    type: 'CREATED',
    status,
    actor: actor.email,
    note: withdrawalReservedNote(amount, fee, input.currency, status === 'PENDING_APPROVAL'),
  });
  await postTransaction(
    tx,
    {
      merchantId,
      currency: input.currency,
      kind: 'WITHDRAWAL',
      referenceType: 'WITHDRAWAL',
      referenceId: id,
      postings,
    },
    accounts,
  );
  await audit(tx, {
    action: 'WITHDRAWAL',
    outcome: 'SUCCESS',
    actorUserId: actor.userId,
    actorEmail: actor.email,
    merchantId,
    ip: actor.ip,
    targetType: 'WITHDRAWAL',
    targetId: id,
    detail: { bankAccountId: input.bankAccountId, currency: input.currency, amount, fee },
  });
  return readWithdrawal(tx, merchantId, id);
}

/** The timeline note of a new withdrawal: what it reserved, its fee, what reaches the bank (and any wait). */
export function withdrawalReservedNote(amount: number, fee: number, currency: string, awaiting: boolean): string {
  return recordText(awaiting ? 'withdrawalReservedAwaiting' : 'withdrawalReserved', {
    amount: amountWithCode(amount, currency),
    fee: amountWithCode(fee, currency),
    net: amountWithCode(amount - fee, currency),
  });
}
