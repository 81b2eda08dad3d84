/**
 * The readers of webhook events' objects (modules/domain-events): the same API objects a GET of the
 * object answers, so an event and a GET of its object agree. Registered by merchant-api-plugin.ts.
 */
import { sql } from 'drizzle-orm';
import { typedRows } from '../../db/typed-rows';
import { inList } from '../../lib/list-where';
import type { EventObjectReaders } from '../domain-events';
import {
  API_PAYMENT_COLUMNS,
  API_PAYMENT_ROW,
  API_PAYOUT_COLUMNS,
  API_PAYOUT_ROW,
  apiDispute,
  apiPayment,
  apiPayout,
  apiRefund,
  apiSettlement,
  apiSubscription,
  toApiPayment,
  toApiPayout,
} from './api-objects';

/** @reads payments, payouts (tables other modules own: db/table-owners.ts) */

export const EVENT_OBJECT_READERS: EventObjectReaders = {
  one: {
    payment: apiPayment,
    refund: apiRefund,
    dispute: apiDispute,
    settlement: apiSettlement,
    payout: apiPayout,
    subscription: apiSubscription,
  },
  bulk: {
    payment: async (db, merchantId, ids) =>
      new Map(
        (
          await typedRows(
            db,
            API_PAYMENT_ROW,
            sql`SELECT ${API_PAYMENT_COLUMNS} FROM payments WHERE merchant_id = ${merchantId} AND ${inList(sql`id`, ids)}`,
          )
        ).map((r) => [r.id, toApiPayment(r)]),
      ),
    payout: async (db, merchantId, ids) =>
      new Map(
        (
          await typedRows(
            db,
            API_PAYOUT_ROW,
            sql`SELECT ${API_PAYOUT_COLUMNS} FROM payouts WHERE merchant_id = ${merchantId} AND ${inList(sql`id`, ids)}`,
          )
        ).map((r) => [r.id, toApiPayout(r)]),
      ),
  },
};
