import { INTEGRATION_PATHS, type ApiKeyList, type ApiKeyRecord, type CreatedApiKey } from '@mbo/contracts/integration';
import { get, post } from '@/lib/http/request';
import { integrationKeys } from './integration-query-keys';

/**
 * The merchant's API keys (active ones, then the newest revoked), the merchant id and the active-key limit. `quiet`: a
 * prefetch.
 */
export function apiKeysQueryOptions({ quiet = false } = {}) {
  return {
    queryKey: integrationKeys.apiKeys(),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      get<ApiKeyList>(INTEGRATION_PATHS.apiKeys, undefined, { signal, showErrorMessage: !quiet }),
    staleTime: 10_000,
  };
}

/**
 * A new sandbox key (API_KEY_MANAGE). The answer holds the secret, the only time it exists outside
 * the server's hash: it is shown once by the dialog and never put in the query cache. A refusal (the
 * limit of active keys) is shown in the dialog, so no toast.
 */
export function createApiKey(name: string): Promise<CreatedApiKey> {
  return post<CreatedApiKey>(INTEGRATION_PATHS.createApiKey, { name }, { showErrorMessage: false });
}

/** Revokes a key at once: the API refuses its very next call. The confirmation shows a refusal. */
export function revokeApiKey(keyId: string): Promise<ApiKeyRecord> {
  return post<ApiKeyRecord>(INTEGRATION_PATHS.revokeApiKey, { keyId }, { showErrorMessage: false });
}
