import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** One run of a job, as its handler gets it. */
export interface RunningJob<Data> {
  /** pg-boss's job id. */
  id: string;
  data: Data;
  /** 0 on the first run, then 1, 2… on retries (pg-boss's retry count). */
  attempt: number;
  /** Runs pg-boss gives the job in all (first run plus retries). */
  maxAttempts: number;
  /** Aborted when the app stops while the handler runs: stop at the next safe point. */
  signal: AbortSignal;
}

/**
 * A kind of background work, declared by the module it belongs to (`defineJob` in the module's
 * jobs file, `app.jobs.register(...)` in its plugin) and run by pg-boss. The data is validated
 * with its zod schema when sent and when run; its type is inferred from it.
 */
export interface JobDefinition<Schema extends z.ZodType<object> = z.ZodType<object>> {
  /** The pg-boss queue, e.g. "reports.build-export". */
  name: string;
  data: Schema;
  /** Retries after a failure (pg-boss's retryLimit); 0 for none. */
  retryLimit: number;
  /** Seconds before the first retry; doubled at each later one (exponential backoff with jitter). */
  retryDelaySeconds?: number;
  /** A run still active after this long is failed by pg-boss's maintenance and retried. */
  expireInSeconds: number;
  /** Handlers of this job at once in one server instance (default 1). */
  concurrency?: number;
  /** A schedule (cron, UTC): pg-boss's timekeeper sends the job once per tick across all instances. */
  cron?: string;
  handle(job: RunningJob<z.output<Schema>>, app: FastifyInstance): Promise<void>;
}

/** Declares a job; the identity function keeps the data type inferred from the schema. */
export function defineJob<Schema extends z.ZodType<object>>(definition: JobDefinition<Schema>): JobDefinition<Schema> {
  return definition;
}
