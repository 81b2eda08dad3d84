/**
 * The readers of webhook events' objects (modules/domain-events): the same API objects a GET of the
 * object answers, so an event and a GET of its object agree. Registered by merchant-api-plugin.ts.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import { inList } from '../../lib/list-where';
import type { EventObjectReaders } from '../domain-events';
import {
  API_PAYMENT_COLUMNS,
  API_PAYOUT_COLUMNS,
  apiDispute,
  apiPayment,
  apiPayout,
  apiRefund,
  apiSettlement,
  apiSubscription,
  toApiPayment,
  toApiPayout,
  type ApiPaymentRow,
  type ApiPayoutRow,
} from './api-objects';

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
        rowsOf<ApiPaymentRow>(
          await db.execute(
            sql`SELECT ${API_PAYMENT_COLUMNS} FROM payments WHERE merchant_id = ${merchantId} AND ${inList(sql`id`, ids)}`,
          ),
        ).map((r) => [r.id, toApiPayment(r)]),
      ),
    payout: async (db, merchantId, ids) =>
      new Map(
        rowsOf<ApiPayoutRow>(
          await db.execute(
            sql`SELECT ${API_PAYOUT_COLUMNS} FROM payouts WHERE merchant_id = ${merchantId} AND ${inList(sql`id`, ids)}`,
          ),
        ).map((r) => [r.id, toApiPayout(r)]),
      ),
  },
};
