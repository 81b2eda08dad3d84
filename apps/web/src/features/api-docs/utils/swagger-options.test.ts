import { describe, expect, it } from 'vitest';
import { SWAGGER_OPTIONS, omitCookies } from './swagger-options';

describe('SWAGGER_OPTIONS', () => {
  it('sends "try it" calls without the session cookie, keeping the rest of the request', () => {
    const request = {
      url: '/api/v1/payments',
      method: 'GET',
      headers: { Authorization: 'Bearer sk_test_x' },
      credentials: 'include' as RequestCredentials,
    };
    const sent = omitCookies(request);
    expect(sent).toBe(request);
    expect(sent).toEqual({
      url: '/api/v1/payments',
      method: 'GET',
      headers: { Authorization: 'Bearer sk_test_x' },
      credentials: 'omit',
    });
    expect(SWAGGER_OPTIONS.requestInterceptor).toBe(omitCookies);
  });

  it('lets users try calls, keeps no key and loads no other document', () => {
    expect(SWAGGER_OPTIONS).toMatchObject({
      tryItOutEnabled: true,
      persistAuthorization: false,
      withCredentials: false,
      deepLinking: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
      filter: true,
      queryConfigEnabled: false,
    });
  });
});
