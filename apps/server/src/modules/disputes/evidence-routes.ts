import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { DISPUTE_PATHS, EVIDENCE_CONTENT_TYPES } from '@mbo/contracts/disputes';
import { disputeDocumentRequest, disputeFileRequest, disputeFileSchema } from '@mbo/contracts/disputes-schemas';
import { sendAttachment } from '../../lib/attachment';
import { ok } from '../../lib/envelope';
import { writes } from '../../lib/route-options';
import { envelopeResponses, fileResponses } from '../../lib/route-responses';
import type { FileStorage } from '../../lib/file-storage';
import { fileStorageFor } from '../../storage';
import type { DisputeActor } from './dispute-actions';
import { disputeDocument } from './dispute-documents';
import { deleteEvidence, openEvidence } from './evidence-files';
import { MULTIPART_LIMITS, uploadEvidence } from './evidence-upload';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where dispute evidence files are kept, by storage key (dispute_files.storage_key). */
    evidenceFiles: FileStorage;
  }
}

/**
 * Dispute evidence files and documents: upload and remove (API_DISPUTES_UPLOAD), download the files
 * and the generated PDFs (API_DISPUTES_DOWNLOAD). Files live in DATA_DIR/evidence on local disk, or in the S3
 * bucket's evidence/ folder (storage.ts).
 */
export default async function evidenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  if (!app.hasDecorator('evidenceFiles')) app.decorate('evidenceFiles', fileStorageFor(app.config, 'evidence'));
  // Only this plugin's routes read multipart bodies; the limits are checked again per request.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const actorOf = (request: {
    auth: { merchantId: string; userId: string; email: string };
    ip: string;
  }): DisputeActor => ({
    merchantId: request.auth.merchantId,
    userId: request.auth.userId,
    email: request.auth.email,
    ip: request.ip,
  });

  app.post(
    DISPUTE_PATHS.upload,
    {
      config: { access: { permission: 'API_DISPUTES_UPLOAD' } },
      schema: { response: envelopeResponses(disputeFileSchema) },
    },
    async (request) =>
      ok(await uploadEvidence(app.db, app.evidenceFiles, actorOf(request), request), { key: 'disputes.fileUploaded' }),
  );

  app.post(
    DISPUTE_PATHS.deleteFile,
    writes({ permission: 'API_DISPUTES_UPLOAD' }, disputeFileRequest, z.null()),
    async (request) => {
      await deleteEvidence(app.db, app.evidenceFiles, actorOf(request), request.body.disputeId, request.body.fileId);
      return ok(null, { key: 'disputes.fileRemoved' });
    },
  );

  app.get(
    DISPUTE_PATHS.downloadFile,
    {
      config: { access: { permission: 'API_DISPUTES_DOWNLOAD' } },
      schema: { querystring: disputeFileRequest, response: fileResponses('The evidence file', EVIDENCE_CONTENT_TYPES) },
    },
    async (request, reply) => {
      const { file, body } = await openEvidence(
        app.db,
        app.evidenceFiles,
        request.auth.merchantId,
        request.query.disputeId,
        request.query.fileId,
      );
      return sendAttachment(reply, { name: file.fileName, type: file.contentType, size: file.size }).send(body);
    },
  );

  app.get(
    DISPUTE_PATHS.document,
    {
      config: { access: { permission: 'API_DISPUTES_DOWNLOAD' } },
      schema: { querystring: disputeDocumentRequest, response: fileResponses('The PDF document', ['application/pdf']) },
    },
    async (request, reply) => {
      const doc = await disputeDocument(
        app.db,
        app.evidenceFiles,
        request.auth.merchantId,
        request.query.disputeId,
        request.query.kind,
      );
      return sendAttachment(reply, { name: doc.fileName, type: 'application/pdf', size: doc.bytes.length }).send(
        Buffer.from(doc.bytes),
      );
    },
  );
}
