import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SETTLEMENT_PATHS } from '@mbo/contracts/settlements';
import {
  batchDetailRequest,
  calendarRequest,
  estimationRequest,
  listBatchesRequest,
  listSettlementsRequest,
  settlementBatchPageSchema,
  settlementBatchRecordSchema,
  settlementCalendarSchema,
  settlementDetailRequest,
  settlementDetailSchema,
  settlementEstimationSchema,
  settlementPageSchema,
  settlementTransactionPageSchema,
  settlementTransactionsRequest,
} from '@mbo/contracts/settlements-schemas';
import { ERROR_CODES, HTTP_STATUS } from '@mbo/contracts/error-catalogue';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { query, reads } from '../../lib/route-options';
import { allows } from '../../plugins/route-access';
import { estimateSettlements } from './estimation';
import { batchDetail, listBatches } from './read-batches';
import { listSettlementTransactions, type TransactionsOf } from './read-settlement-transactions';
import { listSettlements, settlementDetail } from './read-settlements';
import { settlementCalendar } from './settlement-calendar';

/**
 * The Settlements menu's calls (direct-payment merchants). Access is the server's, per call, reads
 * included: each page's menu (the batch history and the details are reached from their list's page),
 * the calendar its permission code; every query is scoped to the session's merchant.
 */
export default async function settlementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const HISTORY = { menu: '/settlements/history' } as const;
  const BATCHES = { menu: '/settlements/batch' } as const;

  app.post(SETTLEMENT_PATHS.list, reads(HISTORY, listSettlementsRequest, settlementPageSchema), async (request) =>
    ok(await listSettlements(app.db, request.auth.merchantId, request.body)),
  );
  app.get(SETTLEMENT_PATHS.detail, query(HISTORY, settlementDetailRequest, settlementDetailSchema), async (request) =>
    ok(await settlementDetail(app.db, request.auth.merchantId, request.query.settlementId)),
  );
  // A settlement's payments from its page (the history's menu), a batch's from the batch pages
  // (theirs): the route admits direct-payment merchants, the handler the menu of what is asked.
  app.post(
    SETTLEMENT_PATHS.transactions,
    reads({ products: ['DIRECT_PAYMENT'] }, settlementTransactionsRequest, settlementTransactionPageSchema),
    async (request) => {
      const { settlementId, batchId, pageNum, pageSize } = request.body;
      const of: TransactionsOf = settlementId !== undefined ? { settlementId } : { batchId: batchId! };
      if (!allows(request.auth, { menu: settlementId !== undefined ? '/settlements/history' : '/settlements/batch' })) {
        throw new AppError(ERROR_CODES.PERMISSION_DENIED, { status: HTTP_STATUS.NO_PERMISSION });
      }
      return ok(await listSettlementTransactions(app.db, request.auth.merchantId, of, { pageNum, pageSize }));
    },
  );
  app.post(SETTLEMENT_PATHS.batchList, reads(BATCHES, listBatchesRequest, settlementBatchPageSchema), async (request) =>
    ok(await listBatches(app.db, request.auth.merchantId, request.body)),
  );
  app.get(
    SETTLEMENT_PATHS.batchDetail,
    query(BATCHES, batchDetailRequest, settlementBatchRecordSchema),
    async (request) => ok(await batchDetail(app.db, request.auth.merchantId, request.query.batchId)),
  );
  app.get(
    SETTLEMENT_PATHS.estimation,
    query({ menu: '/settlements/estimation' }, estimationRequest, settlementEstimationSchema),
    async (request) => ok(await estimateSettlements(app.db, request.auth.merchantId, { days: request.query.days })),
  );
  app.get(
    SETTLEMENT_PATHS.calendar,
    query({ permission: 'API_SETTLEMENT_CALENDAR' }, calendarRequest, settlementCalendarSchema),
    async (request) => ok(await settlementCalendar(app.db, request.auth.merchantId, request.query)),
  );
}
