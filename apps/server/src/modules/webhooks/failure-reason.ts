import type { WebhookFailureReason } from '../../lib/metrics-recorder';
import type { AttemptResult } from './deliver-attempt';

/**
 * The class of a failed attempt's reason, for the metrics (a small fixed set: never the URL or the
 * message): an answer by its status class, otherwise how the attempt ended (deliver-attempt.ts writes
 * these messages).
 */
export function failureReasonOf(result: Pick<AttemptResult, 'statusCode' | 'error'>): WebhookFailureReason {
  const status = result.statusCode;
  if (status !== null) {
    if (status >= 300 && status < 400) return 'redirect';
    if (status >= 400 && status < 500) return 'http_4xx';
    if (status >= 500 && status < 600) return 'http_5xx';
    return 'http_other';
  }
  const error = result.error ?? '';
  if (error.startsWith('Timed out')) return 'timeout';
  if (error.startsWith('Refused')) return 'refused_address';
  return 'connection';
}
