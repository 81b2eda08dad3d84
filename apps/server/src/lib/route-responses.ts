import { z } from 'zod';
import { HTTP_STATUS } from '@mbo/contracts/error-catalogue';
import { failureEnvelopeSchema, successEnvelopeSchema } from '@mbo/contracts/envelope-schemas';

const failure = (description: string) => ({
  description,
  content: { 'application/json': { schema: failureEnvelopeSchema } },
});

/**
 * The error answers every session route can give: no permission (430), no session (431), a server
 * error (500). For the OpenAPI document only (plugins/back-office-openapi.ts): the error handler
 * writes them as they are, and leaving them out of a route's schemas keeps its handler's answer
 * typed by its contract.
 */
export const ERROR_RESPONSES = {
  [HTTP_STATUS.NO_PERMISSION]: failure(
    'The role lacks the page, menu, permission or product the call needs (002001B024).',
  ),
  [HTTP_STATUS.NO_SESSION]: failure('No session: sign in (002001B010).'),
  500: failure('A server error (the message never says more).'),
};

const SUCCESS =
  'Success (code 000000). A business error also answers HTTP 200, with its catalogue code and data null (ErrorEnvelope).';

/**
 * A back-office route's `response` schema: the envelope of its contract's `data` schema, which the
 * zod serializer writes the answer with (a field the contract does not name never leaves the
 * server; an answer the contract refuses is a 500) and which types the handler's answer. Error
 * answers are written by the error handler as they are (error-handler.ts).
 */
export function envelopeResponses<S extends z.ZodType>(data: S) {
  return { 200: successEnvelopeSchema(data).describe(SUCCESS) };
}

/**
 * A download's `response` schema: the file as the given content type (a stream or bytes, which
 * nothing serializes), or a business error's envelope as JSON.
 */
export function fileResponses(description: string, contentTypes: readonly string[]) {
  const file = Object.fromEntries(
    contentTypes.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }]),
  );
  return {
    200: {
      description: `${description}; a business error answers its ErrorEnvelope as JSON.`,
      content: { ...file, 'application/json': { schema: failureEnvelopeSchema } },
    },
  };
}
