import { describe, expect, it } from 'vitest';
import { OPENAPI_URL } from '@mbo/contracts/integration';
import { API_BASE_PATH, apiBaseUrl } from './api-base-url';

describe('apiBaseUrl', () => {
  it('is the folder the document is served from', () => {
    expect(API_BASE_PATH).toBe('/api/v1');
    expect(`${API_BASE_PATH}/openapi.json`).toBe(OPENAPI_URL);
  });

  it("puts it on the given origin, or on the page's own", () => {
    expect(apiBaseUrl('https://merchant.example.com')).toBe('https://merchant.example.com/api/v1');
    expect(apiBaseUrl('https://merchant.example.com/')).toBe('https://merchant.example.com/api/v1');
    expect(apiBaseUrl()).toBe(`${window.location.origin}/api/v1`);
  });
});
