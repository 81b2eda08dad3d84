import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { checkPayoutRows } from '@mbo/contracts/payout-rows';
import { PAYOUT_PATHS, type BatchValidation } from '@mbo/contracts/payouts';
import {
  batchValidationSchema,
  createPayoutRequest,
  listPayoutBatchesRequest,
  listPayoutsRequest,
  payoutBatchDetailRequest,
  payoutBatchPageSchema,
  payoutBatchRecordSchema,
  payoutDetailRequest,
  payoutDetailSchema,
  payoutPageSchema,
  payoutRecordSchema,
  payoutTemplateRequest,
  submitPayoutBatchRequest,
} from '@mbo/contracts/payouts-schemas';
import { actorOf } from '../../lib/actor';
import { sendAttachment } from '../../lib/attachment';
import { ok } from '../../lib/envelope';
import { query, reads, writes } from '../../lib/route-options';
import { envelopeResponses, fileResponses } from '../../lib/route-responses';
import { idempotencyKeyFrom } from '../idempotency';
import { registerApprovalHandler } from '../approvals';
import { payoutServicesOf } from '../payout-services';
import { BATCH_MULTIPART_LIMITS, parseBatchFile, readBatchUpload } from './batch-file';
import { templateCsv, templateXlsx } from './batch-template';
import { createPayout, submitPayoutBatch } from './create-payouts';
import { payoutApprovalHandler, payoutBatchApprovalHandler } from './decide-payouts';
import { listPayoutBatches, listPayouts, readPayoutBatch, readPayoutDetail } from './read-payouts';
import { sandboxPayoutJob } from './sandbox-payout-job';

const HISTORY = { menu: '/payout/history' } as const;
const CREATE = { permission: 'API_PAYOUT_CREATE' } as const;
/** A 10,000-row batch as JSON is about 2.5 MB. */
const SUBMIT_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * Payouts: create (single), batch template, validate and submit (API_PAYOUT_CREATE); history, details (payout history
 * menu, PAGE_ codes); the sandbox bank's job; the checker's decisions (approvals).
 */
export default async function payoutRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.jobs.register(sandboxPayoutJob);
  registerApprovalHandler('PAYOUT', payoutApprovalHandler);
  registerApprovalHandler('PAYOUT_BATCH', payoutBatchApprovalHandler);
  await app.register(multipart, { limits: BATCH_MULTIPART_LIMITS });
  const deps = () => ({ jobs: app.jobs, delayMs: app.config.sandboxPayoutDelayMs, secrets: app.database.secrets });

  app.post(PAYOUT_PATHS.create, writes(CREATE, createPayoutRequest, payoutRecordSchema), async (request) =>
    ok(await createPayout(app.db, actorOf(request), request.body, idempotencyKeyFrom(request.headers), deps()), {
      key: 'payouts.submitted',
    }),
  );

  app.get(
    PAYOUT_PATHS.template,
    {
      config: { access: CREATE },
      schema: {
        querystring: payoutTemplateRequest,
        response: fileResponses('The batch file template', [
          'text/csv; charset=utf-8',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        ]),
      },
    },
    async (request, reply) => {
      const xlsx = request.query.format === 'XLSX';
      return sendAttachment(reply, {
        name: 'payout-batch-template',
        type: xlsx ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8',
      }).send(xlsx ? await templateXlsx() : templateCsv());
    },
  );

  app.post(
    PAYOUT_PATHS.validate,
    { config: { access: CREATE }, schema: { response: envelopeResponses(batchValidationSchema) } },
    async (request) => {
      const file = await readBatchUpload(request);
      const rows = await parseBatchFile(file.bytes);
      const checked = checkPayoutRows(rows, await payoutServicesOf(app.db, request.auth.merchantId));
      const answer: BatchValidation = {
        fileName: file.fileName,
        fileHash: file.hash,
        rows,
        errors: checked.errors.map((errors, i) => ({ row: i + 1, errors })).filter((r) => r.errors.length),
      };
      return ok(answer);
    },
  );

  app.post(
    PAYOUT_PATHS.submit,
    {
      config: { access: CREATE },
      bodyLimit: SUBMIT_BODY_LIMIT,
      schema: { body: submitPayoutBatchRequest, response: envelopeResponses(payoutBatchRecordSchema) },
    },
    async (request) =>
      ok(await submitPayoutBatch(app.db, actorOf(request), request.body, idempotencyKeyFrom(request.headers), deps()), {
        key: 'payouts.batchSubmitted',
      }),
  );

  app.post(PAYOUT_PATHS.list, reads(HISTORY, listPayoutsRequest, payoutPageSchema, 'replica'), async (request) =>
    ok(await listPayouts(app.db, request.auth.merchantId, request.body, request.reader)),
  );
  app.get(
    PAYOUT_PATHS.detail,
    query({ permission: 'PAGE_PAYOUT_DETAIL' }, payoutDetailRequest, payoutDetailSchema),
    async (request) => ok(await readPayoutDetail(app.db, request.auth.merchantId, request.query.payoutId)),
  );
  app.post(PAYOUT_PATHS.batchList, reads(HISTORY, listPayoutBatchesRequest, payoutBatchPageSchema), async (request) =>
    ok(await listPayoutBatches(app.db, request.auth.merchantId, request.body)),
  );
  app.get(
    PAYOUT_PATHS.batchDetail,
    query({ permission: 'PAGE_PAYOUT_BATCH_DETAIL' }, payoutBatchDetailRequest, payoutBatchRecordSchema),
    async (request) => ok(await readPayoutBatch(app.db, request.auth.merchantId, request.query.batchId)),
  );
}
