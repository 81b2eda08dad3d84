import { OPENAPI_URL } from '@mbo/contracts/integration';

/** The API's path on this origin: the folder the document is served from ('/api/v1'). */
export const API_BASE_PATH = OPENAPI_URL.slice(0, OPENAPI_URL.lastIndexOf('/'));

/** The base URL a merchant's code calls: this origin (the same server as the back-office) and the API's path. */
export function apiBaseUrl(origin: string = window.location.origin): string {
  return `${origin.replace(/\/+$/, '')}${API_BASE_PATH}`;
}
