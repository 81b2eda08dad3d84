import type { z } from 'zod';
import { apiErrorSchema } from '@mbo/contracts/merchant-api-schemas';
import { API_STATUS_DESCRIPTIONS, type ApiErrorStatus } from './api-errors';

type JsonContent<S extends z.ZodType> = { description: string; content: { 'application/json': { schema: S } } };
type ErrorResponses<E extends ApiErrorStatus> = { [K in E]: JsonContent<typeof apiErrorSchema> };

const json = <S extends z.ZodType>(schema: S, description: string): JsonContent<S> => ({
  description,
  content: { 'application/json': { schema } },
});

/**
 * A route's `response` schemas: the 200 object and the errors it can answer, each with its
 * description (OpenAPI shows them; the zod serializer checks every answer against them).
 * 401, 429 and 500 are possible on every call and always listed.
 */
export function responses<S extends z.ZodType, E extends ApiErrorStatus>(
  schema: S,
  description: string,
  errors: readonly E[],
) {
  const all = [...new Set<ApiErrorStatus>([...errors, 401, 429, 500])].sort();
  const failures = Object.fromEntries(
    all.map((status) => [status, json(apiErrorSchema, API_STATUS_DESCRIPTIONS[status])]),
  ) as ErrorResponses<E | 401 | 429 | 500>;
  return { 200: json(schema, description), ...failures };
}
