import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import type { WithdrawalRecord } from '@mbo/contracts/withdrawals';
import type { Db } from '../../db/client';
import type { MoneyActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../audit';
import { readWithdrawal } from './read-withdrawals';
import { applyWithdrawalMove, lockWithdrawal } from './withdrawal-moves';

/**
 * Cancels a PENDING withdrawal (006001B007 for any other status) and gives its money back, in one
 * transaction that locks the order first: a cancel racing the bank's job either wins (money back, the
 * job then finds it CANCELLED) or finds it PROCESSING or paid (006001B007, nothing moves).
 */
export async function cancelWithdrawal(db: Db, actor: MoneyActor, id: string): Promise<WithdrawalRecord> {
  return db.transaction(async (tx) => {
    const w = await lockWithdrawal(tx, id, actor.merchantId);
    if (!w) throw new AppError(ERROR_CODES.WITHDRAWAL_NOT_FOUND, { msg: 'Withdrawal not found.' });
    if (w.status !== 'PENDING') throw new AppError(ERROR_CODES.WITHDRAW_STATUS_INVALID);
    await applyWithdrawalMove(tx, w, { to: 'CANCELLED', note: null, actor: actor.email ?? 'merchant' });
    await audit(tx, {
      action: 'WITHDRAWAL_CANCEL',
      outcome: 'SUCCESS',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      merchantId: actor.merchantId,
      ip: actor.ip,
      targetType: 'WITHDRAWAL',
      targetId: id,
      detail: { amount: w.amount, currency: w.currency },
    });
    return readWithdrawal(tx, actor.merchantId, id);
  });
}
