/** Query keys of the API reference (the server's OpenAPI document). */
export const apiDocsKeys = {
  all: ['api-docs'] as const,
  document: () => [...apiDocsKeys.all, 'openapi-document'] as const,
};
