/**
 * The demo's withdrawals (seedDemoMoneyOut, demo-money-out.ts, places them): each with its ledger
 * postings and its timeline, in the words the product writes them, and one waiting for approval.
 */
import { and, eq, sql } from 'drizzle-orm';
import { computeFee } from '@mbo/contracts/fee-rule';
import { amountWithCode } from '@mbo/contracts/money';
import { recordText } from '@mbo/contracts/record-texts';
import type { DbOrTx } from '../db/client';
import { withdrawalAgreements } from '../db/money-out-schema';
import { events } from '../db/payments-schema';
import { newId } from '../lib/ids';
import { postTransaction, moneyOutHoldPostings, moneyOutPaidPostings, moneyOutReturnPostings } from '../modules/ledger';
import { withdrawalReservedNote } from '../modules/withdrawals';

/** The withdrawal fee rule of the merchant's agreement in the currency. */
async function withdrawalFeeRule(tx: DbOrTx, merchantId: string, currency: string) {
  const w = withdrawalAgreements;
  const [rule] = await tx
    .select({ percentBps: w.feePercentBps, fixedMinor: w.feeFixedMinor })
    .from(w)
    .where(and(eq(w.merchantId, merchantId), eq(w.currency, currency)));
  if (!rule) throw new Error(`no withdrawal agreement of ${merchantId} in ${currency}`);
  return rule;
}

export async function seedWithdrawal(
  tx: DbOrTx,
  merchantId: string,
  accountId: string,
  currency: string,
  amount: number,
  outcome: 'SUCCESS' | 'FAILED' | 'CANCELLED',
  at: Date,
): Promise<void> {
  const fee = computeFee({ amount, currency, rule: await withdrawalFeeRule(tx, merchantId, currency) });
  const id = newId('WDR', at.getTime());
  const finished = new Date(at.getTime() + (outcome === 'CANCELLED' ? 10 * 60_000 : 26 * 60 * 60_000));
  await tx.execute(sql`
    INSERT INTO withdrawals (id, merchant_id, bank_account_id, currency, amount, fee, net_amount, remark, status, failure_reason, bank_reference, created_by, created_at, updated_at, finished_at)
    VALUES (${id}, ${merchantId}, ${accountId}, ${currency}, ${amount}, ${fee}, ${amount - fee}, ${outcome === 'CANCELLED' ? 'Wrong amount' : null}, ${outcome},
            ${outcome === 'FAILED' ? 'The bank refused the transfer (sandbox).' : null}, ${outcome === 'SUCCESS' ? `SBX${id.slice(3, 15)}` : null},
            ${merchantId === 'M2000001' ? 'payouts@demo.test' : 'finance@demo.test'}, ${at.toISOString()}::timestamptz, ${finished.toISOString()}::timestamptz, ${finished.toISOString()}::timestamptz)`);
  await postTransaction(tx, {
    merchantId,
    currency,
    kind: 'WITHDRAWAL',
    referenceType: 'WITHDRAWAL',
    referenceId: id,
    postings: moneyOutHoldPostings(merchantId, amount),
    at,
  });
  await postTransaction(tx, {
    merchantId,
    currency,
    kind: outcome === 'SUCCESS' ? 'WITHDRAWAL_PAID' : 'WITHDRAWAL_RETURN',
    referenceType: 'WITHDRAWAL',
    referenceId: id,
    postings:
      outcome === 'SUCCESS'
        ? moneyOutPaidPostings(merchantId, amount - fee, fee)
        : moneyOutReturnPostings(merchantId, amount),
    at: finished,
  });
  const returned = recordText('withdrawalReturned', { amount: amountWithCode(amount, currency) });
  const steps: { type: string; note: string | null; actor: string; at: Date }[] = [
    {
      type: 'CREATED',
      note: withdrawalReservedNote(amount, fee, currency, false),
      actor: merchantId === 'M2000001' ? 'payouts@demo.test' : 'finance@demo.test',
      at,
    },
  ];
  if (outcome === 'CANCELLED')
    steps.push({
      type: 'CANCELLED',
      note: returned,
      actor: 'finance@demo.test',
      at: finished,
    });
  else {
    steps.push({
      type: 'PROCESSING',
      note: recordText('sentToBank'),
      actor: recordText('actorSandboxBank'),
      at: new Date(at.getTime() + 60 * 60_000),
    });
    steps.push({
      type: outcome,
      note: outcome === 'SUCCESS' ? recordText('withdrawalPaid') : returned,
      actor: recordText('actorSandboxBank'),
      at: finished,
    });
  }
  await tx.insert(events).values(
    steps.map((s) => ({
      merchantId,
      entityType: 'WITHDRAWAL',
      entityId: id,
      type: s.type,
      status: s.type === 'CREATED' ? 'PENDING' : s.type,
      note: s.note,
      actor: s.actor,
      createdAt: s.at,
    })),
  );
}

export async function seedAwaitingApproval(
  tx: DbOrTx,
  merchantId: string,
  accountId: string,
  currency: string,
  amount: number,
  at: Date,
): Promise<void> {
  const fee = computeFee({ amount, currency, rule: await withdrawalFeeRule(tx, merchantId, currency) });
  const id = newId('WDR', at.getTime());
  await tx.execute(sql`
    INSERT INTO withdrawals (id, merchant_id, bank_account_id, currency, amount, fee, net_amount, remark, status, created_by, created_at, updated_at)
    VALUES (${id}, ${merchantId}, ${accountId}, ${currency}, ${amount}, ${fee}, ${amount - fee}, 'Quarterly dividend', 'PENDING_APPROVAL', 'finance@demo.test',
            ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
  await postTransaction(tx, {
    merchantId,
    currency,
    kind: 'WITHDRAWAL',
    referenceType: 'WITHDRAWAL',
    referenceId: id,
    postings: moneyOutHoldPostings(merchantId, amount),
    at,
  });
  await tx.insert(events).values({
    merchantId,
    entityType: 'WITHDRAWAL',
    entityId: id,
    type: 'CREATED',
    status: 'PENDING_APPROVAL',
    actor: 'finance@demo.test',
    createdAt: at,
    note: withdrawalReservedNote(amount, fee, currency, true),
  });
}
