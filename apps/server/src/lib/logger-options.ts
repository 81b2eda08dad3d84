import { stdSerializers, type LoggerOptions } from 'pino';
import { redactError } from './redact-error';

/**
 * The server's pino logger (Fastify's `logger` option): credentials in request and response headers
 * are censored, and an error is logged as pino's standard serializer shows it, after redactError took
 * out its query's values (a database error repeats them: lib/redact-error.ts). Child loggers (each
 * request's, the job queue's) inherit the serializers.
 */
export function loggerOptions(config: { logLevel: string }): LoggerOptions {
  return {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      err: (err: Error) => stdSerializers.err(redactError(err)),
    },
  };
}
