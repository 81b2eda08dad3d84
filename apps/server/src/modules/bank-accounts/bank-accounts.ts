import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { checkAccountNumber, maskAccountNumber } from '@mbo/contracts/bank-account-numbers';
import {
  MAX_BANK_ACCOUNTS,
  type AddBankAccountRequest,
  type BankAccountNumber,
  type BankAccountRecord,
  type ListBankAccountsQuery,
} from '@mbo/contracts/bank-accounts';
import type { Page } from '@mbo/contracts/envelope';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { Db, DbOrTx } from '../../db/client';
import { bankAccounts } from '../../db/money-out-schema';
import { merchants } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import type { MoneyActor } from '../../lib/actor';
import { audit } from '../audit';
import { placeOf } from '../../db/encrypted-columns';
import { newId } from '../../lib/ids';
import type { SecretBox } from '../../lib/secret-box';
import type { Notifier } from '../../mail/recipients';
import { mailBankAccountChange } from './bank-account-mail';
import { b, bankAccountWhere, selectBankAccounts, toBankAccountRecord } from './bank-account-record';
import { sandboxVerifyBankAccountJob } from './sandbox-verify-job';

/** @reads merchants (tables other modules own: db/table-owners.ts) */

/**
 * What adding an account needs from the app: the sandbox bank's verification job and its delay, the owners' mail, the
 * keyring.
 */
export interface BankAccountDeps {
  jobs: JobQueue;
  verifyDelayMs: number;
  notifier: Notifier;
  /** The full number is stored encrypted (db/encrypted-columns.ts). */
  secrets: SecretBox;
}

/** The merchant's bank accounts (not removed), defaults first, then newest. */
export async function listBankAccounts(
  db: Db,
  merchantId: string,
  q: ListBankAccountsQuery,
): Promise<Page<BankAccountRecord>> {
  const where = bankAccountWhere(merchantId, q);
  const [[counted], rows] = await Promise.all([
    db.select({ total: count() }).from(b).where(where),
    selectBankAccounts(db)
      .where(where)
      .orderBy(desc(b.isDefault), desc(b.createdAt), desc(b.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
  ]);
  return { total: counted?.total ?? 0, records: rows.map(toBankAccountRecord) };
}

export async function readBankAccount(db: DbOrTx, merchantId: string, id: string): Promise<BankAccountRecord> {
  const [row] = await selectBankAccounts(db).where(
    and(eq(b.id, id), eq(b.merchantId, merchantId), isNull(b.removedAt)),
  );
  if (!row) throw new AppError(ERROR_CODES.BANK_ACCOUNT_NOT_FOUND, { msg: 'Bank account not found.' });
  return toBankAccountRecord(row);
}

/**
 * Adds a bank account, PENDING_VERIFICATION until the sandbox bank's job (sent in the same
 * transaction) verifies or rejects it. The number is checked for its country first (each field's
 * error named); the merchant row is locked so that the 20-account limit holds under parallel adds,
 * and so does the refusal of the same number twice (numbers are stored encrypted, each time
 * differently: the merchant's accounts are compared opened, under that lock). Audited; the owners are
 * mailed through the outbox.
 */
export async function addBankAccount(
  db: Db,
  actor: MoneyActor,
  input: AddBankAccountRequest,
  deps: BankAccountDeps,
): Promise<BankAccountRecord> {
  const check = checkAccountNumber(input);
  if (!check.ok) {
    const first = check.errors[0];
    throw new AppError(ERROR_CODES.INVALID_REQUEST, {
      msg: `Invalid request: ${first.field} ${first.message}.`,
      data: { fields: check.errors },
    });
  }
  const { account } = check;
  const id = newId('BAC');
  const record = await db.transaction(async (tx) => {
    await lockMerchant(tx, actor.merchantId);
    const current = await tx
      .select({ id: bankAccounts.id, accountNumber: bankAccounts.accountNumber, routingCode: bankAccounts.routingCode })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.merchantId, actor.merchantId), isNull(bankAccounts.removedAt)));
    if (current.length >= MAX_BANK_ACCOUNTS) {
      throw new AppError(ERROR_CODES.BANK_ACCOUNT_LIMIT, {
        msg: `A merchant can keep at most ${MAX_BANK_ACCOUNTS} bank accounts. Remove one you no longer use first.`,
      });
    }
    const same = current.some(
      (a) =>
        (a.routingCode ?? '') === (account.routingCode ?? '') &&
        deps.secrets.open(a.accountNumber, placeOf('bank_accounts', a.id)) === account.accountNumber,
    );
    if (same)
      throw new AppError(ERROR_CODES.BANK_ACCOUNT_DUPLICATE, {
        msg: `The account ${maskAccountNumber(account.last4)} is already one of your bank accounts.`,
      });
    await tx.insert(bankAccounts).values({
      id,
      merchantId: actor.merchantId,
      bankName: input.bankName.trim(),
      holderName: input.holderName.trim(),
      country: input.country.toUpperCase(),
      currency: input.currency,
      scheme: account.scheme,
      accountNumber: deps.secrets.seal(account.accountNumber, placeOf('bank_accounts', id)),
      routingCode: account.routingCode,
      bic: account.bic,
      last4: account.last4,
      createdBy: actor.email,
    });
    await audit(tx, {
      action: 'BANK_ACCOUNT_ADD',
      outcome: 'SUCCESS',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      merchantId: actor.merchantId,
      ip: actor.ip,
      targetType: 'BANK_ACCOUNT',
      targetId: id,
      detail: {
        bankName: input.bankName.trim(),
        country: input.country.toUpperCase(),
        currency: input.currency,
        last4: account.last4,
      },
    });
    await mailBankAccountChange(tx, actor.merchantId, id, 'ADDED', actor.email, null, deps.notifier);
    await deps.jobs.send(
      sandboxVerifyBankAccountJob,
      { bankAccountId: id },
      { tx, startAfterSeconds: deps.verifyDelayMs / 1000 },
    );
    return readBankAccount(tx, actor.merchantId, id);
  });
  if (deps.verifyDelayMs === 0) deps.jobs.wake(sandboxVerifyBankAccountJob.name);
  return record;
}

/**
 * The full number of one of the merchant's accounts (not removed), for those holding
 * API_BANK_ACCOUNT_REVEAL: every reveal is audited (BANK_ACCOUNT_REVEAL, with the last four digits
 * only), in the transaction that reads it, so no number is shown unrecorded.
 */
export async function revealBankAccountNumber(
  db: Db,
  secrets: SecretBox,
  actor: MoneyActor,
  id: string,
): Promise<BankAccountNumber> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        accountNumber: bankAccounts.accountNumber,
        last4: bankAccounts.last4,
        routingCode: bankAccounts.routingCode,
      })
      .from(bankAccounts)
      .where(
        and(eq(bankAccounts.id, id), eq(bankAccounts.merchantId, actor.merchantId), isNull(bankAccounts.removedAt)),
      );
    if (!row) throw new AppError(ERROR_CODES.BANK_ACCOUNT_NOT_FOUND, { msg: 'Bank account not found.' });
    await audit(tx, {
      action: 'BANK_ACCOUNT_REVEAL',
      outcome: 'SUCCESS',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      merchantId: actor.merchantId,
      ip: actor.ip,
      targetType: 'BANK_ACCOUNT',
      targetId: id,
      detail: { last4: row.last4 },
    });
    return {
      bankAccountId: id,
      accountNumber: secrets.open(row.accountNumber, placeOf('bank_accounts', id)),
      routingCode: row.routingCode,
    };
  });
}

/** Makes a VERIFIED account the default of its currency (the one before it stops being default). */
export async function setDefaultBankAccount(
  db: Db,
  actor: MoneyActor,
  id: string,
  notifier: Notifier,
): Promise<BankAccountRecord> {
  return db.transaction(async (tx) => {
    await lockMerchant(tx, actor.merchantId);
    const current = await readBankAccount(tx, actor.merchantId, id);
    if (current.status !== 'VERIFIED') {
      throw new AppError(ERROR_CODES.BANK_ACCOUNT_NOT_USABLE, {
        msg: 'Only a verified bank account can be the default. Wait for the bank to verify it.',
      });
    }
    if (current.isDefault) return current;
    await tx
      .update(bankAccounts)
      .set({ isDefault: false })
      .where(
        and(
          eq(bankAccounts.merchantId, actor.merchantId),
          eq(bankAccounts.currency, current.currency),
          eq(bankAccounts.isDefault, true),
          isNull(bankAccounts.removedAt),
        ),
      );
    await tx.update(bankAccounts).set({ isDefault: true }).where(eq(bankAccounts.id, id));
    await audit(tx, {
      action: 'BANK_ACCOUNT_DEFAULT',
      outcome: 'SUCCESS',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      merchantId: actor.merchantId,
      ip: actor.ip,
      targetType: 'BANK_ACCOUNT',
      targetId: id,
      detail: { currency: current.currency },
    });
    await mailBankAccountChange(tx, actor.merchantId, id, 'DEFAULT', actor.email, null, notifier);
    return readBankAccount(tx, actor.merchantId, id);
  });
}

/**
 * Removes an account: never the default of its currency (006001B042), never one with a withdrawal
 * in flight (006001B043). The row is kept (withdrawals point at it) with removed_at set; its number
 * may then be added again. Its row lock makes a withdrawal being created to it wait, or wait for it.
 */
export async function removeBankAccount(db: Db, actor: MoneyActor, id: string, notifier: Notifier): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMerchant(tx, actor.merchantId);
    const [locked] = await tx
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(
        and(eq(bankAccounts.id, id), eq(bankAccounts.merchantId, actor.merchantId), isNull(bankAccounts.removedAt)),
      )
      .for('update');
    if (!locked) throw new AppError(ERROR_CODES.BANK_ACCOUNT_NOT_FOUND, { msg: 'Bank account not found.' });
    const current = await readBankAccount(tx, actor.merchantId, id);
    if (current.isDefault) {
      throw new AppError(ERROR_CODES.BANK_ACCOUNT_IS_DEFAULT, {
        msg: `This is your default ${current.currency} account. Make another ${current.currency} account the default first.`,
      });
    }
    if (current.inFlightWithdrawals > 0) {
      throw new AppError(ERROR_CODES.BANK_ACCOUNT_IN_USE, {
        msg: 'A withdrawal to this account is still in progress. Remove it once the withdrawal has finished.',
      });
    }
    await tx
      .update(bankAccounts)
      .set({ removedAt: sql`now()` })
      .where(eq(bankAccounts.id, id));
    await audit(tx, {
      action: 'BANK_ACCOUNT_REMOVE',
      outcome: 'SUCCESS',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      merchantId: actor.merchantId,
      ip: actor.ip,
      targetType: 'BANK_ACCOUNT',
      targetId: id,
      detail: { currency: current.currency, last4: current.maskedNumber.slice(-4) },
    });
    await mailBankAccountChange(tx, actor.merchantId, id, 'REMOVED', actor.email, null, notifier);
  });
}

/** Serializes the changes to one merchant's bank accounts (limit, default, remove). */
async function lockMerchant(tx: DbOrTx, merchantId: string): Promise<void> {
  await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).for('update');
}
