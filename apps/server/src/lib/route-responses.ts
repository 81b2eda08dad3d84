import { z } from 'zod';
import { HTTP_STATUS } from '@mbo/contracts/error-catalogue';
import { failureEnvelopeSchema, successEnvelopeSchema } from '@mbo/contracts/envelope-schemas';

/** The error answers every session route can give: no permission (430), no session (431), a server error (500). */
const ERRORS = {
  [HTTP_STATUS.NO_PERMISSION]: failureEnvelopeSchema.describe('The role lacks the page, menu, permission or product the call needs (002001B024).'),
  [HTTP_STATUS.NO_SESSION]: failureEnvelopeSchema.describe('No session: sign in (002001B010).'),
  500: failureEnvelopeSchema.describe('A server error (the message never says more).'),
} as const;

const SUCCESS = 'Success (code 000000). A business error also answers HTTP 200, with its catalogue code and data null (ErrorEnvelope).';

/**
 * A back-office route's `response` schemas: the envelope of its contract's `data` schema, which the
 * zod serializer writes the answer with (a field the contract does not name never leaves the
 * server; an answer the contract refuses is a 500), and the error envelopes, for the OpenAPI
 * document. Error answers are written by the error handler as they are (error-handler.ts).
 */
export function envelopeResponses<S extends z.ZodType>(data: S) {
  return { 200: successEnvelopeSchema(data).describe(SUCCESS), ...ERRORS };
}

/**
 * A download's `response` schemas: the file as the given content type (a stream or bytes, which
 * nothing serializes), or an error envelope as JSON, with the same error answers as envelopeResponses.
 */
export function fileResponses(description: string, contentTypes: readonly string[]) {
  const file = Object.fromEntries(contentTypes.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }]));
  return {
    200: { description: `${description}; a business error answers its ErrorEnvelope as JSON.`, content: { ...file, 'application/json': { schema: failureEnvelopeSchema } } },
    ...ERRORS,
  };
}
