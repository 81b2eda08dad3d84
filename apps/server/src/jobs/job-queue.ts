import { EventEmitter } from 'node:events';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client';
import type { JobDefinition } from './job-definition';
import { installJobSchema, JOB_SCHEMA } from './job-schema';
import type { SqlExecutor } from './sql-executor';
import { transactionExecutor } from './transaction-executor';

export interface SendOptions {
  /** The caller's transaction: the job is inserted by it and exists only if it commits. */
  tx?: DbOrTx;
  /** Run no earlier than this many seconds from now (the database's clock). */
  startAfterSeconds?: number;
}

export interface JobQueueOptions {
  executor: SqlExecutor;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for jobs (sent by other instances, or due after a delay). */
  pollIntervalMs?: number;
  /** How long stop() waits for running handlers before it hands their jobs back to the queue. */
  stopTimeoutMs?: number;
  /**
   * Whether this instance sends the jobs of cron schedules (default true). Tests turn it off: a test
   * runs a scheduled job's work itself, with the clock it needs, and no tick changes data under it.
   */
  schedules?: boolean;
  /**
   * Seconds before a failed job is retried, for every queue instead of its definition's delay.
   * Tests give 0: a job that failed (a deadlock under parallel work, say) is retried at once, so
   * drain() waits for the retry instead of returning while it sits out its delay.
   */
  retryDelaySeconds?: number;
}

/**
 * Process-wide signals: "a job settled" (drain() waits on it) and "jobs were sent" (idle workers
 * look at once instead of at their next poll). Every instance in this process hears them.
 */
const signals = new EventEmitter().setMaxListeners(0);

export interface DrainOptions {
  /** Throw when jobs are still pending after this long (default 30 s). */
  timeoutMs?: number;
  /** Wait also for jobs that come due within this many milliseconds of each look (default 2 s). */
  horizonMs?: number;
}

/** drain()'s default horizon: a sandbox step sent to run a moment later is part of the work drained. */
export const DEFAULT_DRAIN_HORIZON_MS = 2000;

/**
 * The next "settled" signal, as a promise that rejects at the deadline; after(ms) also resolves it after ms (bounded
 * by the deadline), cancel() at once.
 */
function nextSettled(
  deadline: number,
  timeoutMs: number,
): { done: Promise<void>; after(ms: number): void; cancel(): void } {
  let finish!: () => void;
  let dueTimer: NodeJS.Timeout | undefined;
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => end(() => reject(new Error(`jobs still pending after ${timeoutMs} ms`))),
      Math.max(0, deadline - Date.now()),
    );
    const end = (then: () => void) => {
      clearTimeout(timer);
      clearTimeout(dueTimer);
      signals.off('settled', finish);
      then();
    };
    finish = () => end(resolve);
    signals.on('settled', finish);
  });
  return {
    done,
    after(ms) {
      dueTimer = setTimeout(finish, ms);
    },
    cancel() {
      finish();
    },
  };
}

interface FetchedJob {
  id: string;
  data: unknown;
  retryCount: number;
  retryLimit: number;
}

/** Runs a statement again (up to 5 tries, after a short random pause) when PostgreSQL aborted it as deadlock victim. */
async function retryOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if ((err as { code?: unknown }).code !== '40P01' || attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 100 * attempt));
    }
  }
}

/**
 * All background work on pg-boss, tied to the app's lifecycle (jobs-plugin.ts): modules register
 * their job definitions while the app is built; start() (onReady) creates their queues and
 * schedules and starts the workers; stop() (onClose) waits for running handlers within a deadline.
 *
 * Workers fetch one job at a time (pg-boss's fetch: FOR UPDATE SKIP LOCKED, so an instance never
 * takes a job another one holds), run the handler and complete or fail the job, awaiting each step,
 * so "settled" means the job's state is written. Each of those is a statement of its own, and the
 * workers poll rather than LISTEN: nothing depends on staying in one server session, so the queue
 * runs through a pooler in transaction mode (sql-executor.ts).
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly sleepers = new Set<() => void>();
  private readonly running = new Map<string, { name: string; controller: AbortController; done: Promise<void> }>();
  private loops: Promise<void>[] = [];
  private app: FastifyInstance | undefined;
  private state: 'new' | 'started' | 'stopping' | 'stopped' = 'new';
  private paused = false;
  private readonly pollIntervalMs: number;
  private readonly stopTimeoutMs: number;

  constructor(private readonly options: JobQueueOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? 2000;
    this.stopTimeoutMs = options.stopTimeoutMs ?? 8000;
    // The schema is created and upgraded with the migrations (job-schema.ts), by the owner.
    this.boss = new PgBoss({
      db: options.executor,
      schema: JOB_SCHEMA,
      migrate: false,
      supervise: true,
      schedule: options.schedules ?? true,
      maintenanceIntervalSeconds: 60,
    });
    this.boss.on('error', (err) => options.log.error({ err }, 'job queue error'));
  }

  /** True between start() and stop(): the workers run (GET /readyz reports it). */
  get started(): boolean {
    return this.state === 'started';
  }

  /** Declares jobs (each module its own, while the app is built). */
  register(...definitions: JobDefinition[]): void {
    for (const definition of definitions) {
      if (this.definitions.has(definition.name)) throw new Error(`job ${definition.name} is declared twice`);
      if (this.state !== 'new') throw new Error(`job ${definition.name} declared after the job queue started`);
      this.definitions.set(definition.name, definition as unknown as JobDefinition);
    }
  }

  async start(app: FastifyInstance): Promise<void> {
    if (this.state !== 'new') return;
    this.app = app;
    // Normally created with the migrations (migration-hooks.ts); an entry point that opened the
    // database without the hooks (a single-role setup: the app owns the tables) creates it here.
    if (!(await this.boss.isInstalled())) await installJobSchema(this.options.executor);
    await this.boss.start();
    for (const definition of this.definitions.values()) {
      const queue = {
        name: definition.name,
        policy: 'standard' as const,
        retryLimit: definition.retryLimit,
        retryDelay: this.options.retryDelaySeconds ?? definition.retryDelaySeconds ?? 0,
        retryBackoff: (this.options.retryDelaySeconds ?? definition.retryDelaySeconds ?? 0) > 0,
        expireInSeconds: definition.expireInSeconds,
      };
      // Instances starting together on a database whose queues do not exist yet create them at the same time, and
      // PostgreSQL may pick one of them as a deadlock victim (each queue is a partition of the job table): that one
      // tries again, and finds the queue made or makes it.
      await retryOnDeadlock(() => this.boss.createQueue(definition.name, queue));
      await retryOnDeadlock(() => this.boss.updateQueue(definition.name, queue));
      if (definition.cron && (this.options.schedules ?? true))
        await retryOnDeadlock(() => this.boss.schedule(definition.name, definition.cron!, {}, { tz: 'UTC' }));
    }
    this.state = 'started';
    for (const definition of this.definitions.values()) {
      for (let i = 0; i < (definition.concurrency ?? 1); i++) this.loops.push(this.work(definition));
    }
  }

  /**
   * Sends a job. With `tx` it is written by the caller's transaction (send jobs inside the
   * transaction that causes them); call wake() after the commit to start it without waiting for
   * the next poll.
   */
  async send<D extends JobDefinition>(
    definition: D,
    data: Parameters<D['handle']>[0]['data'],
    options: SendOptions = {},
  ): Promise<string> {
    const parsed = definition.data.parse(data);
    const id = await this.boss.send(definition.name, parsed, {
      db: options.tx ? transactionExecutor(options.tx) : undefined,
      startAfter: options.startAfterSeconds,
    });
    if (!id) throw new Error(`job ${definition.name} was not queued (is its queue created?)`);
    return id;
  }

  /** This instance's workers take no new job until resume() (tests hold jobs queued with it). */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.wake();
  }

  /** Idle workers of these queues (all when none named) look for jobs now, in every instance of this process. */
  wake(...names: string[]): void {
    signals.emit('wake', names);
  }

  /**
   * Waits until no job of the registered queues is running, due, or coming due within `horizonMs` (tests and
   * benchmarks): a job sent to start a moment later (a sandbox processor's next step) is waited for too. It waits on
   * the "settled" signal, or, when the only jobs left come due later, until the earliest of them is due (never on a
   * fixed timer); throws after `timeoutMs`.
   */
  async drain(options: DrainOptions = {}): Promise<void> {
    const { timeoutMs = 30_000, horizonMs = DEFAULT_DRAIN_HORIZON_MS } = options;
    const names = [...this.definitions.keys()];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // Listening before the count: a job that settles while it is read is not missed.
      const next = nextSettled(deadline, timeoutMs);
      const { due, nextDueInMs } = await this.pendingWithin(names, horizonMs).catch((err: unknown) => {
        next.cancel();
        throw err;
      });
      if (due > 0) {
        this.wake();
      } else if (nextDueInMs !== null) {
        // Only jobs due in a moment: look again when the first of them is due (the count then wakes the workers).
        next.after(nextDueInMs);
      } else {
        next.cancel();
        await next.done;
        return;
      }
      await next.done;
    }
  }

  /**
   * Jobs of these queues running or due now, and in how many milliseconds the first one not due yet comes due, when
   * one does within horizonMs (null when none does). On the database's clock, as the jobs' start times are.
   */
  private async pendingWithin(
    names: string[],
    horizonMs: number,
  ): Promise<{ due: number; nextDueInMs: number | null }> {
    const { rows } = await this.options.executor.executeSql(
      `SELECT count(*) FILTER (WHERE state = 'active' OR start_after <= now())::int AS due,
              (EXTRACT(EPOCH FROM min(start_after) FILTER (WHERE state < 'active' AND start_after > now()) - now()) * 1000)::float8 AS next_ms
         FROM ${JOB_SCHEMA}.job
        WHERE name = ANY($1::text[])
          AND (state = 'active' OR (state < 'active' AND start_after <= now() + $2::float8 * interval '1 millisecond'))`,
      [names, horizonMs],
    );
    const row = rows[0] as { due: number | string; next_ms: number | string | null };
    return {
      due: Number(row.due),
      nextDueInMs: row.next_ms === null ? null : Math.max(0, Math.ceil(Number(row.next_ms))),
    };
  }

  /** Jobs of these queues due now (not those sent to start later, or waiting for a retry) or running. */
  async pendingCount(names: string[] = [...this.definitions.keys()]): Promise<number> {
    const { rows } = await this.options.executor.executeSql(
      `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = ANY($1::text[]) AND (state = 'active' OR (state < 'active' AND start_after <= now()))`,
      [names],
    );
    return Number((rows[0] as { n: number | string }).n);
  }

  /**
   * Per queue (every queue pg-boss knows, so an empty one reads 0): the jobs waiting (created or retry, due or
   * not) and how long the oldest due one has waited since it became due (0 when none is due). One query on
   * pg-boss's index of waiting jobs (name, start_after WHERE state < 'active'): cheap enough for every scrape.
   */
  async queueStats(): Promise<{ queue: string; waiting: number; oldestDueSeconds: number }[]> {
    const { rows } = await this.options.executor.executeSql(
      `SELECT q.name AS queue, count(j.id)::int AS waiting,
              COALESCE(EXTRACT(EPOCH FROM now() - min(j.start_after) FILTER (WHERE j.start_after <= now())), 0)::float8 AS oldest
         FROM ${JOB_SCHEMA}.queue q
         LEFT JOIN ${JOB_SCHEMA}.job j ON j.name = q.name AND j.state < 'active'
        GROUP BY q.name
        ORDER BY q.name`,
      [],
    );
    return (rows as { queue: string; waiting: number | string; oldest: number | string }[]).map((row) => ({
      queue: row.queue,
      waiting: Number(row.waiting),
      oldestDueSeconds: Math.max(0, Number(row.oldest)),
    }));
  }

  /**
   * Stops the workers and waits for running handlers up to timeoutMs; a handler still running then
   * is told to stop (its signal) and its job goes back to the queue at once, for this or another
   * instance (the work it did is discarded: see the run token of exports).
   */
  async stop(options: { timeoutMs?: number } = {}): Promise<void> {
    if (this.state !== 'started') {
      this.state = 'stopped';
      return;
    }
    this.state = 'stopping';
    for (const wakeUp of [...this.sleepers]) wakeUp();
    const loops = Promise.all(this.loops);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      loops.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), options.timeoutMs ?? this.stopTimeoutMs);
      }),
    ]);
    clearTimeout(timer);
    if (timedOut) {
      for (const [id, run] of this.running) {
        run.controller.abort();
        await this.options.executor
          .executeSql(
            `UPDATE ${JOB_SCHEMA}.job SET state = 'retry', start_after = now() WHERE name = $1 AND id = $2 AND state = 'active'`,
            [run.name, id],
          )
          .catch((err) => this.options.log.error({ err, jobId: id }, 'could not hand a running job back to the queue'));
        this.options.log.warn({ job: run.name, jobId: id }, 'job still running at shutdown: handed back to the queue');
      }
    }
    await this.boss.stop({ graceful: true, close: false, timeout: 1000 });
    this.state = 'stopped';
  }

  private async work(definition: JobDefinition): Promise<void> {
    while (this.state === 'started') {
      let job: FetchedJob | undefined;
      if (this.paused) {
        await this.idle(definition.name);
        continue;
      }
      try {
        [job] = (await this.boss.fetch(definition.name, { batchSize: 1, includeMetadata: true })) as FetchedJob[];
      } catch (err) {
        this.options.log.error({ err, job: definition.name }, 'job fetch failed');
      }
      if (!job) {
        await this.idle(definition.name);
        continue;
      }
      await this.run(definition, job);
    }
  }

  private async run(definition: JobDefinition, job: FetchedJob): Promise<void> {
    const controller = new AbortController();
    const log = this.options.log.child({ job: definition.name, jobId: job.id, attempt: job.retryCount });
    const done = (async () => {
      try {
        const data = definition.data.parse(job.data);
        await definition.handle(
          { id: job.id, data, attempt: job.retryCount, maxAttempts: job.retryLimit + 1, signal: controller.signal },
          this.app!,
        );
        // Handed back to the queue by stop(): another run owns the job now.
        if (!controller.signal.aborted) await this.boss.complete(definition.name, job.id);
      } catch (err) {
        if (controller.signal.aborted) return;
        log.warn({ err }, 'job failed');
        const message = err instanceof Error ? err.message : String(err);
        await this.boss
          .fail(definition.name, job.id, { message })
          .catch((failErr) => log.error({ err: failErr }, 'could not record a failed job'));
      }
    })();
    this.running.set(job.id, { name: definition.name, controller, done });
    try {
      await done;
    } finally {
      this.running.delete(job.id);
      signals.emit('settled', definition.name);
    }
  }

  /** Until the next poll, a wake() for this queue, or stop(). */
  private idle(name: string): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signals.off('wake', onWake);
        this.sleepers.delete(done);
        resolve();
      };
      const onWake = (names: string[]) => {
        if (names.length === 0 || names.includes(name)) done();
      };
      const timer = setTimeout(done, this.pollIntervalMs);
      signals.on('wake', onWake);
      this.sleepers.add(done);
    });
  }
}
