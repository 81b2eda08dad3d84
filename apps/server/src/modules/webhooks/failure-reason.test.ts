import { describe, expect, it } from 'vitest';
import { failureReasonOf } from './failure-reason';

describe('failureReasonOf', () => {
  it('classes an answer by its status and a missing answer by how the attempt ended', () => {
    const cases: [number | null, string | null, string][] = [
      [302, 'HTTP 302: redirects are not followed (to https://elsewhere.example)', 'redirect'],
      [404, 'HTTP 404', 'http_4xx'],
      [503, 'HTTP 503', 'http_5xx'],
      [101, 'HTTP 101', 'http_other'],
      [null, 'Timed out: no complete answer within 10000 ms', 'timeout'],
      [null, 'Refused: 10.0.0.1 is a private address', 'refused_address'],
      [null, 'Connection failed: ECONNREFUSED connect ECONNREFUSED 127.0.0.1:9', 'connection'],
      [null, null, 'connection'],
    ];
    for (const [statusCode, error, reason] of cases) expect(failureReasonOf({ statusCode, error })).toBe(reason);
  });
});
