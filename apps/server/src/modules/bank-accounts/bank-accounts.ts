import { sql } from 'drizzle-orm';
import { checkAccountNumber, maskAccountNumber } from '@mbo/contracts/bank-account-numbers';
import { MAX_BANK_ACCOUNTS, type AddBankAccountRequest, type BankAccountNumber, type BankAccountRecord, type ListBankAccountsQuery } from '@mbo/contracts/bank-accounts';
import type { Page } from '@mbo/contracts/envelope';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import type { MoneyActor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { placeOf } from '../../db/encrypted-columns';
import { newId } from '../../lib/ids';
import type { SecretBox } from '../../lib/secret-box';
import type { Notifier } from '../../mail/recipients';
import { mailBankAccountChange } from './bank-account-mail';
import { BANK_ACCOUNT_COLUMNS, bankAccountWhere, toBankAccountRecord, type BankAccountRow } from './bank-account-record';
import { sandboxVerifyBankAccountJob } from './sandbox-verify-job';

/** What adding an account needs from the app: the sandbox bank's verification job and its delay, the owners' mail, the keyring. */
export interface BankAccountDeps {
  jobs: JobQueue;
  verifyDelayMs: number;
  notifier: Notifier;
  /** The full number is stored encrypted (db/encrypted-columns.ts). */
  secrets: SecretBox;
}

/** The merchant's bank accounts (not removed), defaults first, then newest. */
export async function listBankAccounts(db: Db, merchantId: string, q: ListBankAccountsQuery): Promise<Page<BankAccountRecord>> {
  const where = bankAccountWhere(merchantId, q);
  const [countRows, rows] = await Promise.all([
    db.execute(sql`SELECT count(*) AS total FROM bank_accounts b WHERE ${where}`),
    db.execute(sql`
      SELECT ${BANK_ACCOUNT_COLUMNS} FROM bank_accounts b WHERE ${where}
       ORDER BY b.is_default DESC, b.created_at DESC, b.id DESC LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`),
  ]);
  return {
    total: Number(rowsOf<{ total: string | number }>(countRows)[0]?.total ?? 0),
    records: rowsOf<BankAccountRow>(rows).map(toBankAccountRecord),
  };
}

export async function readBankAccount(db: DbOrTx, merchantId: string, id: string): Promise<BankAccountRecord> {
  const [row] = rowsOf<BankAccountRow>(
    await db.execute(sql`SELECT ${BANK_ACCOUNT_COLUMNS} FROM bank_accounts b WHERE b.id = ${id} AND b.merchant_id = ${merchantId} AND b.removed_at IS NULL`),
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
export async function addBankAccount(db: Db, actor: MoneyActor, input: AddBankAccountRequest, deps: BankAccountDeps): Promise<BankAccountRecord> {
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
    const current = rowsOf<{ id: string; account_number: string; routing_code: string | null }>(
      await tx.execute(sql`SELECT id, account_number, routing_code FROM bank_accounts WHERE merchant_id = ${actor.merchantId} AND removed_at IS NULL`),
    );
    if (current.length >= MAX_BANK_ACCOUNTS) {
      throw new AppError(ERROR_CODES.BANK_ACCOUNT_LIMIT, { msg: `A merchant can keep at most ${MAX_BANK_ACCOUNTS} bank accounts. Remove one you no longer use first.` });
    }
    const same = current.some((b) => (b.routing_code ?? '') === (account.routingCode ?? '')
      && deps.secrets.open(b.account_number, placeOf('bank_accounts', b.id)) === account.accountNumber);
    if (same) throw new AppError(ERROR_CODES.BANK_ACCOUNT_DUPLICATE, { msg: `The account ${maskAccountNumber(account.last4)} is already one of your bank accounts.` });
    await tx.execute(sql`
      INSERT INTO bank_accounts (id, merchant_id, bank_name, holder_name, country, currency, scheme, account_number, routing_code, bic, last4, created_by)
      VALUES (${id}, ${actor.merchantId}, ${input.bankName.trim()}, ${input.holderName.trim()}, ${input.country.toUpperCase()}, ${input.currency},
              ${account.scheme}, ${deps.secrets.seal(account.accountNumber, placeOf('bank_accounts', id))}, ${account.routingCode}, ${account.bic}, ${account.last4}, ${actor.email})`);
    await audit(tx, {
      action: 'BANK_ACCOUNT_ADD', outcome: 'SUCCESS', actorUserId: actor.userId, actorEmail: actor.email, merchantId: actor.merchantId, ip: actor.ip,
      targetType: 'BANK_ACCOUNT', targetId: id, detail: { bankName: input.bankName.trim(), country: input.country.toUpperCase(), currency: input.currency, last4: account.last4 },
    });
    await mailBankAccountChange(tx, actor.merchantId, id, 'ADDED', actor.email, null, deps.notifier);
    await deps.jobs.send(sandboxVerifyBankAccountJob, { bankAccountId: id }, { tx, startAfterSeconds: deps.verifyDelayMs / 1000 });
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
export async function revealBankAccountNumber(db: Db, secrets: SecretBox, actor: MoneyActor, id: string): Promise<BankAccountNumber> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ account_number: string; last4: string; routing_code: string | null }>(await tx.execute(sql`
      SELECT account_number, last4, routing_code FROM bank_accounts WHERE id = ${id} AND merchant_id = ${actor.merchantId} AND removed_at IS NULL`));
    if (!row) throw new AppError(ERROR_CODES.BANK_ACCOUNT_NOT_FOUND, { msg: 'Bank account not found.' });
    await audit(tx, {
      action: 'BANK_ACCOUNT_REVEAL', outcome: 'SUCCESS', actorUserId: actor.userId, actorEmail: actor.email, merchantId: actor.merchantId, ip: actor.ip,
      targetType: 'BANK_ACCOUNT', targetId: id, detail: { last4: row.last4 },
    });
    return { bankAccountId: id, accountNumber: secrets.open(row.account_number, placeOf('bank_accounts', id)), routingCode: row.routing_code };
  });
}

/** Makes a VERIFIED account the default of its currency (the one before it stops being default). */
export async function setDefaultBankAccount(db: Db, actor: MoneyActor, id: string, notifier: Notifier): Promise<BankAccountRecord> {
  return db.transaction(async (tx) => {
    await lockMerchant(tx, actor.merchantId);
    const current = await readBankAccount(tx, actor.merchantId, id);
    if (current.status !== 'VERIFIED') {
      throw new AppError(ERROR_CODES.BANK_ACCOUNT_NOT_USABLE, { msg: 'Only a verified bank account can be the default. Wait for the bank to verify it.' });
    }
    if (current.isDefault) return current;
    await tx.execute(sql`
      UPDATE bank_accounts SET is_default = false
       WHERE merchant_id = ${actor.merchantId} AND currency = ${current.currency} AND is_default AND removed_at IS NULL`);
    await tx.execute(sql`UPDATE bank_accounts SET is_default = true WHERE id = ${id}`);
    await audit(tx, {
      action: 'BANK_ACCOUNT_DEFAULT', outcome: 'SUCCESS', actorUserId: actor.userId, actorEmail: actor.email, merchantId: actor.merchantId, ip: actor.ip,
      targetType: 'BANK_ACCOUNT', targetId: id, detail: { currency: current.currency },
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
    const [locked] = rowsOf<{ id: string }>(
      await tx.execute(sql`SELECT id FROM bank_accounts WHERE id = ${id} AND merchant_id = ${actor.merchantId} AND removed_at IS NULL FOR UPDATE`),
    );
    if (!locked) throw new AppError(ERROR_CODES.BANK_ACCOUNT_NOT_FOUND, { msg: 'Bank account not found.' });
    const current = await readBankAccount(tx, actor.merchantId, id);
    if (current.isDefault) {
      throw new AppError(ERROR_CODES.BANK_ACCOUNT_IS_DEFAULT, { msg: `This is your default ${current.currency} account. Make another ${current.currency} account the default first.` });
    }
    if (current.inFlightWithdrawals > 0) {
      throw new AppError(ERROR_CODES.BANK_ACCOUNT_IN_USE, { msg: 'A withdrawal to this account is still in progress. Remove it once the withdrawal has finished.' });
    }
    await tx.execute(sql`UPDATE bank_accounts SET removed_at = now() WHERE id = ${id}`);
    await audit(tx, {
      action: 'BANK_ACCOUNT_REMOVE', outcome: 'SUCCESS', actorUserId: actor.userId, actorEmail: actor.email, merchantId: actor.merchantId, ip: actor.ip,
      targetType: 'BANK_ACCOUNT', targetId: id, detail: { currency: current.currency, last4: current.maskedNumber.slice(-4) },
    });
    await mailBankAccountChange(tx, actor.merchantId, id, 'REMOVED', actor.email, null, notifier);
  });
}

/** Serializes the changes to one merchant's bank accounts (limit, default, remove). */
async function lockMerchant(tx: DbOrTx, merchantId: string): Promise<void> {
  await tx.execute(sql`SELECT id FROM merchants WHERE id = ${merchantId} FOR UPDATE`);
}
