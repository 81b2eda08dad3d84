import { queryOptions } from '@tanstack/react-query';
import { OPENAPI_URL } from '@mbo/contracts/integration';
import { discardBody } from '@/lib/http/discard-body';
import { apiDocsKeys } from './api-docs-keys';

/**
 * The generated OpenAPI document, as far as the page reads it before handing it to the renderer:
 * enough to tell a document from another answer (an HTML error page, a JSON error envelope).
 */
export interface OpenApiDocument {
  openapi: string;
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Why the document could not be loaded: the server out of reach, an HTTP error, or an answer that is no document. */
export type OpenApiLoadReason = 'unreachable' | 'status' | 'notDocument';

/**
 * Why the document could not be loaded: `reason` (and `status`) for the page, which words it in the
 * language in force (the `api-docs` namespace's `errors`); `message` in English, for logs.
 */
export class OpenApiLoadError extends Error {
  constructor(
    message: string,
    public readonly reason: OpenApiLoadReason,
    public readonly status?: number,
  ) {
    super(message);
    this.name = 'OpenApiLoadError';
  }
}

function isOpenApiDocument(body: unknown): body is OpenApiDocument {
  if (!body || typeof body !== 'object') return false;
  const doc = body as { openapi?: unknown; paths?: unknown };
  return (
    typeof doc.openapi === 'string' &&
    /^3\./.test(doc.openapi) &&
    (doc.paths === undefined || typeof doc.paths === 'object')
  );
}

/**
 * GET OPENAPI_URL. Not through lib/http's `request`: the document is plain JSON, not the back-office
 * envelope, and its failures are shown by the page (with a retry), not as a toast.
 */
export async function fetchOpenApiDocument(signal?: AbortSignal): Promise<OpenApiDocument> {
  let response: Response;
  try {
    response = await fetch(OPENAPI_URL, {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new OpenApiLoadError('The server could not be reached. Check your connection and try again.', 'unreachable');
  }
  if (!response.ok) {
    await discardBody(response);
    throw new OpenApiLoadError(`The server answered HTTP ${response.status}.`, 'status', response.status);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new OpenApiLoadError('The server did not send an OpenAPI document.', 'notDocument', response.status);
  }
  if (!isOpenApiDocument(body))
    throw new OpenApiLoadError('The server did not send an OpenAPI document.', 'notDocument', response.status);
  return body;
}

/** The document changes only with a deploy: kept for the session once loaded. */
export const openApiDocumentQueryOptions = () =>
  queryOptions({
    queryKey: apiDocsKeys.document(),
    queryFn: ({ signal }) => fetchOpenApiDocument(signal),
    staleTime: Infinity,
  });
