import { vi } from 'vitest';

/**
 * The HTTP layer with `get` and `post` replaced by mocks, for a test file that imports this module
 * before the code it tests: no call leaves for a server, and the test drives the answers through
 * getMock and postMock. Everything else (ApiError, the error codes) stays the real module's.
 */
vi.mock('@/lib/http/request', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http/request')>()),
  get: vi.fn(),
  post: vi.fn(),
}));

const http = await import('@/lib/http/request');
export const getMock = vi.mocked(http.get);
export const postMock = vi.mocked(http.post);
