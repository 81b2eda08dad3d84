import { sql, type SQL } from 'drizzle-orm';
import type {
  ApiDispute,
  ApiList,
  ApiListDisputesQuery,
  ApiListPaymentsQuery,
  ApiListPayoutsQuery,
  ApiListSettlementsQuery,
  ApiPayment,
  ApiPayout,
  ApiSettlement,
} from '@mbo/contracts/merchant-api';
import type { Db } from '../../db/client';
import {
  API_DISPUTE_COLUMNS,
  API_DISPUTE_ROW,
  API_PAYMENT_COLUMNS,
  API_PAYMENT_ROW,
  API_PAYOUT_COLUMNS,
  API_PAYOUT_ROW,
  API_SETTLEMENT_COLUMNS,
  API_SETTLEMENT_ROW,
  toApiDispute,
  toApiPayment,
  toApiPayout,
  toApiSettlement,
} from './api-objects';
import { keysetPage } from './keyset-page';

/** Equality filters that are set (undefined ones left out). */
function equalities(pairs: [column: string, value: string | undefined][]): SQL[] {
  return pairs.filter(([, value]) => value !== undefined).map(([column, value]) => sql`${sql.raw(column)} = ${value}`);
}

/**
 * The merchant's payments, newest first. At a million payments every page is one walk of an index:
 * payments_merchant_created_idx (no filter), payments_merchant_status_created_idx (status),
 * payments_merchant_currency_status_created_idx (currency, with or without status: migration 0025),
 * payments_merchant_order_idx (merchantOrderNo).
 */
export function listApiPayments(db: Db, merchantId: string, q: ApiListPaymentsQuery): Promise<ApiList<ApiPayment>> {
  return keysetPage(
    db,
    merchantId,
    {
      from: sql.raw('payments'),
      alias: '',
      columns: API_PAYMENT_COLUMNS,
      shape: API_PAYMENT_ROW,
      map: toApiPayment,
      nulls: 'NULLS LAST',
    },
    q,
    equalities([
      ['status', q.status],
      ['currency', q.currency],
      ['merchant_order_no', q.merchantOrderNo],
    ]),
  );
}

/** The merchant's disputes, newest first (disputes_merchant_created_idx). */
export function listApiDisputes(db: Db, merchantId: string, q: ApiListDisputesQuery): Promise<ApiList<ApiDispute>> {
  return keysetPage(
    db,
    merchantId,
    {
      from: sql.raw('disputes'),
      alias: '',
      columns: API_DISPUTE_COLUMNS,
      shape: API_DISPUTE_ROW,
      map: toApiDispute,
      nulls: 'NULLS FIRST',
    },
    q,
    equalities([['status', q.status]]),
  );
}

/**
 * The merchant's settlements, newest first (a few a day per currency: the merchant's settlements index narrows them).
 */
export function listApiSettlements(
  db: Db,
  merchantId: string,
  q: ApiListSettlementsQuery,
): Promise<ApiList<ApiSettlement>> {
  return keysetPage(
    db,
    merchantId,
    {
      from: sql.raw('settlements'),
      alias: '',
      columns: API_SETTLEMENT_COLUMNS,
      shape: API_SETTLEMENT_ROW,
      map: toApiSettlement,
      nulls: 'NULLS FIRST',
    },
    q,
    equalities([
      ['status', q.status],
      ['currency', q.currency],
    ]),
  );
}

/** The merchant's payouts, newest first (payouts_merchant_created_idx, payouts_merchant_status_idx). */
export function listApiPayouts(db: Db, merchantId: string, q: ApiListPayoutsQuery): Promise<ApiList<ApiPayout>> {
  return keysetPage(
    db,
    merchantId,
    {
      from: sql.raw('payouts'),
      alias: '',
      columns: API_PAYOUT_COLUMNS,
      shape: API_PAYOUT_ROW,
      map: toApiPayout,
      nulls: 'NULLS FIRST',
    },
    q,
    equalities([
      ['status', q.status],
      ['currency', q.currency],
    ]),
  );
}
