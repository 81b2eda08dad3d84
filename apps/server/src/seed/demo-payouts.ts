import { recordText } from '@mbo/contracts/record-texts';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { composeIBAN, isValidIBAN } from 'ibantools';
import { feeOf } from '@mbo/contracts/payout-rows';
import { SANDBOX_PAYOUT_FAILURES } from '@mbo/contracts/payouts';
import type { Db, DbOrTx } from '../db/client';
import { newId } from '../lib/ids';
import type { SecretBox } from '../lib/secret-box';
import { placeOf } from '../db/encrypted-columns';
import { postTransaction, moneyOutHoldPostings, moneyOutPaidPostings, moneyOutReturnPostings } from '../modules/ledger';
import { payoutServicesOf } from '../modules/payout-services';

const DAY = 24 * 60 * 60 * 1000;
const MERCHANT = 'M2000001';
const ACTOR = 'payouts@demo.test';

/** A demo beneficiary: [name, country, currency, amount in minor units, account number, purpose, reference]. */
type Beneficiary = [string, string, string, number, string, string, string];

/** Valid IBANs and US numbers of the demo (an account ending in 0003 or 0004 is refused by the sandbox bank). */
const SINGLES: [number, Beneficiary][] = [
  [12, ['Northwind Traders', 'GB', 'GBP', 245_000, 'GB29NWBK60161331926819', 'SUPPLIER', 'INV-20417']],
  [9, ['Atelier Dubois', 'FR', 'EUR', 180_050, 'FR1420041010050500013M02606', 'SUPPLIER', 'FAC-2026-311']],
  [6, ['Contoso Inc.', 'US', 'USD', 320_000, '000123456789', 'SUPPLIER', 'PO-7781']],
  [4, ['Mark Evans', 'GB', 'GBP', 42_500, 'GB94BARC10201530093459', 'COMMISSION', 'COMM-OCT']],
  [2, ['Closed Account Ltd', 'GB', 'GBP', 15_000, 'GB18NWBK60161300000003', 'SUPPLIER', 'INV-20433']],
];

/** October's payroll: eleven salaries, one to an account the bank refuses (money returned). */
const PAYROLL: Beneficiary[] = [
  ['Amelia Clarke', 'GB', 'GBP', 312_500, 'GB33BUKB20201555555555', 'SALARY', 'SAL-OCT-01'],
  ['Oliver Bennett', 'GB', 'GBP', 287_000, 'GB94BARC20201530093459', 'SALARY', 'SAL-OCT-02'],
  ['Isla Turner', 'GB', 'GBP', 265_450, 'GB29NWBK60161331926819', 'SALARY', 'SAL-OCT-03'],
  ['Noah Hughes', 'GB', 'GBP', 301_200, 'GB82WEST12345698765432', 'SALARY', 'SAL-OCT-04'],
  ['Léa Martin', 'FR', 'EUR', 298_000, 'FR7630006000011234567890189', 'SALARY', 'SAL-OCT-05'],
  ['Jonas Weber', 'DE', 'EUR', 334_100, 'DE89370400440532013000', 'SALARY', 'SAL-OCT-06'],
  ['Sophie de Vries', 'NL', 'EUR', 276_300, 'NL91ABNA0417164300', 'SALARY', 'SAL-OCT-07'],
  ['Lucía García', 'ES', 'EUR', 254_800, 'ES9121000418450200051332', 'SALARY', 'SAL-OCT-08'],
  ['Harry Wilson', 'GB', 'GBP', 243_900, 'GB18NWBK60161300000003', 'SALARY', 'SAL-OCT-09'],
  ['Emily Davies', 'GB', 'GBP', 289_750, 'GB60NWBK60161331926820', 'SALARY', 'SAL-OCT-10'],
  ['George Lewis', 'GB', 'GBP', 271_000, 'GB47NWBK60161331926821', 'SALARY', 'SAL-OCT-11'],
];

interface Planned {
  id: string;
  b: Beneficiary;
  serviceId: string;
  fee: number;
  rowNo: number | null;
}

/** The demo's IBANs with their check digits made right (a made-up account keeps its bank, branch and last digits). */
function withCheckDigits(b: Beneficiary): Beneficiary {
  const account = b[4];
  if (!/^[A-Z]{2}\d{2}/.test(account) || isValidIBAN(account)) return b;
  return [
    b[0],
    b[1],
    b[2],
    b[3],
    composeIBAN({ countryCode: account.slice(0, 2), bban: account.slice(4) }) ?? account,
    b[5],
    b[6],
  ];
}

/**
 * Payout history for Demo Payouts Ltd: five single payouts and one payroll batch, every one finished
 * as the sandbox bank would have finished it (a refused account's amount and fee returned), with
 * their money through the ledger: held, then paid out or returned.
 */
export async function seedDemoPayouts(db: Db, secrets: SecretBox, now: Date = new Date()): Promise<void> {
  const services = await payoutServicesOf(db, MERCHANT);
  if (!services.length) return;
  const plan = (given: Beneficiary, rowNo: number | null): Planned => {
    const b = withCheckDigits(given);
    const service = services.find((s) => s.country === b[1] && s.currency === b[2] && s.methodType === 'BANK_TRANSFER');
    if (!service) throw new Error(`demo payout service ${b[1]} ${b[2]}`);
    return { id: newId('PYO'), b, serviceId: service.serviceId, fee: feeOf(b[3], b[2], service), rowNo };
  };
  const BANK = recordText('actorSandboxBank');
  await db.transaction(async (tx) => {
    for (const [daysAgo, b] of SINGLES) {
      const p = plan(b, null);
      const at = new Date(now.getTime() - daysAgo * DAY - 3 * 60 * 60_000);
      await writePayouts(tx, secrets, [p], null, at);
      await hold(tx, [p], { type: 'PAYOUT', id: p.id }, at);
      await finish(tx, [p], { type: 'PAYOUT', id: p.id }, new Date(at.getTime() + 2 * 60 * 60_000));
      await tx.execute(sql`
        INSERT INTO events (merchant_id, entity_type, entity_id, type, status, note, actor, created_at) VALUES
          (${MERCHANT}, 'PAYOUT', ${p.id}, 'CREATED', 'PENDING', ${recordText('payoutReserved')}, ${ACTOR}, ${at.toISOString()}::timestamptz),
          (${MERCHANT}, 'PAYOUT', ${p.id}, 'PROCESSING', 'PROCESSING', ${recordText('payoutSentToBank')}, ${BANK}, ${new Date(at.getTime() + 60 * 60_000).toISOString()}::timestamptz),
          (${MERCHANT}, 'PAYOUT', ${p.id}, ${statusOf(p)}, ${statusOf(p)}, ${statusOf(p) === 'SUCCESS' ? recordText('payoutPaid') : recordText('payoutFailedReturned', { reason: SANDBOX_PAYOUT_FAILURES[p.b[4].slice(-4)] })},
           ${BANK}, ${new Date(at.getTime() + 2 * 60 * 60_000).toISOString()}::timestamptz)`);
    }
    const batchId = newId('PBT');
    const at = new Date(now.getTime() - 8 * DAY - 5 * 60 * 60_000);
    const rows = PAYROLL.map((b, i) => plan(b, i + 1));
    const failed = rows.filter((p) => statusOf(p) === 'FAILED').length;
    await tx.execute(sql`
      INSERT INTO payout_batches (id, merchant_id, file_name, content_hash, row_count, status, created_by, created_at, finished_at)
      VALUES (${batchId}, ${MERCHANT}, 'payroll-october.csv', ${createHash('sha256').update(batchId).digest('hex')}, ${rows.length},
              ${failed ? 'PARTIALLY_FAILED' : 'COMPLETED'}, ${ACTOR}, ${at.toISOString()}::timestamptz, ${new Date(at.getTime() + 3 * 60 * 60_000).toISOString()}::timestamptz)`);
    await writePayouts(tx, secrets, rows, batchId, at);
    await hold(tx, rows, { type: 'PAYOUT_BATCH', id: batchId }, at);
    await finish(tx, rows, { type: 'PAYOUT_BATCH', id: batchId }, new Date(at.getTime() + 3 * 60 * 60_000));
    await tx.execute(sql`
      INSERT INTO events (merchant_id, entity_type, entity_id, type, status, note, actor, created_at) VALUES
        (${MERCHANT}, 'PAYOUT_BATCH', ${batchId}, 'CREATED', 'PENDING', ${recordText('batchSubmitted', { count: rows.length })}, ${ACTOR}, ${at.toISOString()}::timestamptz),
        (${MERCHANT}, 'PAYOUT_BATCH', ${batchId}, 'PARTIALLY_FAILED', 'PARTIALLY_FAILED', ${recordText('batchSomeFailed', { count: failed })}, ${BANK},
         ${new Date(at.getTime() + 3 * 60 * 60_000).toISOString()}::timestamptz)`);
  });
}

function statusOf(p: Planned): 'SUCCESS' | 'FAILED' {
  return SANDBOX_PAYOUT_FAILURES[p.b[4].slice(-4)] ? 'FAILED' : 'SUCCESS';
}

async function writePayouts(
  tx: DbOrTx,
  secrets: SecretBox,
  rows: Planned[],
  batchId: string | null,
  at: Date,
): Promise<void> {
  const finished = new Date(at.getTime() + 2 * 60 * 60_000).toISOString();
  await tx.execute(sql`
    INSERT INTO payouts (id, merchant_id, batch_id, row_no, service_id, beneficiary_name, country, method, account_number, last4, currency, amount, fee, purpose, reference,
                         status, failure_reason, bank_reference, created_by, created_at, updated_at, finished_at)
    VALUES ${sql.join(
      rows.map((p) => {
        const status = statusOf(p);
        return sql`(${p.id}, ${MERCHANT}, ${batchId}, ${p.rowNo}, ${p.serviceId}, ${p.b[0]}, ${p.b[1]}, 'BANK_TRANSFER', ${secrets.seal(p.b[4], placeOf('payouts', p.id))}, ${p.b[4].slice(-4)}, ${p.b[2]}, ${p.b[3]}, ${p.fee},
        ${p.b[5]}, ${p.b[6]}, ${status}, ${status === 'FAILED' ? SANDBOX_PAYOUT_FAILURES[p.b[4].slice(-4)] : null}, ${status === 'SUCCESS' ? `SBX${p.id.slice(3, 15)}` : null},
        ${ACTOR}, ${at.toISOString()}::timestamptz, ${finished}::timestamptz, ${finished}::timestamptz)`;
      }),
      sql`, `,
    )}`);
}

/** Per currency, as the API does: one hold of the totals. */
async function hold(tx: DbOrTx, rows: Planned[], reference: { type: string; id: string }, at: Date): Promise<void> {
  for (const currency of [...new Set(rows.map((p) => p.b[2]))].sort()) {
    const total = rows.filter((p) => p.b[2] === currency).reduce((sum, p) => sum + p.b[3] + p.fee, 0);
    await postTransaction(tx, {
      merchantId: MERCHANT,
      currency,
      kind: 'PAYOUT',
      referenceType: reference.type,
      referenceId: reference.id,
      postings: moneyOutHoldPostings(MERCHANT, total),
      at,
    });
  }
}

/** Per currency and outcome: paid out (amount to clearing, fee to fees) or returned. */
async function finish(tx: DbOrTx, rows: Planned[], reference: { type: string; id: string }, at: Date): Promise<void> {
  for (const currency of [...new Set(rows.map((p) => p.b[2]))].sort()) {
    const paid = rows.filter((p) => p.b[2] === currency && statusOf(p) === 'SUCCESS');
    const failed = rows.filter((p) => p.b[2] === currency && statusOf(p) === 'FAILED');
    if (paid.length) {
      const amount = paid.reduce((s, p) => s + p.b[3], 0);
      const fee = paid.reduce((s, p) => s + p.fee, 0);
      await postTransaction(tx, {
        merchantId: MERCHANT,
        currency,
        kind: 'PAYOUT_PAID',
        referenceType: reference.type,
        referenceId: reference.id,
        postings: moneyOutPaidPostings(MERCHANT, amount, fee),
        at,
      });
    }
    if (failed.length) {
      const total = failed.reduce((s, p) => s + p.b[3] + p.fee, 0);
      await postTransaction(tx, {
        merchantId: MERCHANT,
        currency,
        kind: 'PAYOUT_RETURN',
        referenceType: reference.type,
        referenceId: reference.id,
        postings: moneyOutReturnPostings(MERCHANT, total),
        at,
      });
    }
  }
}
