import pg from 'pg';

/** A replica read waits this long for a connection or an answer before it is served by the primary. */
export const REPLICA_TIMEOUT_MS = 3000;
/** After a failure the replica is left alone this long, then one read tries it again. */
export const REPLICA_BACKOFF_MS = 5000;

/** The replica stopped serving reads (with the failure), or serves them again. */
export type ReplicaTransition = { state: 'down'; error: Error } | { state: 'up' };

export interface ReplicaPoolOptions {
  connectionString: string;
  max: number;
  /** The primary's pool: a read the replica fails is run there. */
  primary: pg.Pool;
  timeoutMs?: number;
  backoffMs?: number;
}

type AnyQuery = (...args: unknown[]) => Promise<unknown>;
// The pool's own methods, called on the replica itself (the instance overrides both).
const replicaQuery = pg.Pool.prototype.query as unknown as AnyQuery;
const replicaConnect = pg.Pool.prototype.connect as unknown as (cb?: unknown) => Promise<pg.PoolClient> | undefined;

/**
 * Whether an error says the replica failed rather than the query: anything that is not a PostgreSQL
 * error (refused or lost connection, a timeout, a full pool), a connection, resource, shutdown or
 * system error (SQLSTATE classes 08, 53, 57, 58, XX), a database or role it does not have yet (3D, 28),
 * or a query cancelled by a conflict with recovery (40001). A query's own error (a syntax or data
 * error) would fail on the primary too: it is the caller's.
 */
export function isReplicaFailure(err: unknown): boolean {
  if (!(err instanceof pg.DatabaseError) || typeof err.code !== 'string') return true;
  return err.code === '40001' || ['08', '53', '57', '58', 'XX', '3D', '28'].includes(err.code.slice(0, 2));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the read replica did not answer within ${ms} ms`)), ms);
  });
  // A read given up on may still fail later: nobody waits for it any more.
  promise.catch(() => undefined);
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The read replica's connection pool (a node-postgres Pool, so pool metrics read it as any other),
 * whose reads never fail because of the replica: a read that cannot connect, loses its connection,
 * or gets no answer within timeoutMs is run on the primary instead, and the replica is marked down.
 * While it is down every read goes to the primary; after backoffMs one read tries the replica again
 * (the others keep to the primary), and its success marks it up. Each change of state is told once
 * to the onTransition listeners (the app logs it: plugins/read-routing.ts), never once per read.
 *
 * Drizzle reads through query(); a transaction or the export's COPY takes a client through
 * connect(), which falls back the same way when the replica cannot be reached.
 */
export class ReplicaPool extends pg.Pool {
  private readonly primary: pg.Pool;
  private readonly timeoutMs: number;
  private readonly backoffMs: number;
  private down = false;
  private retryAt = 0;
  private readonly transitionListeners = new Set<(transition: ReplicaTransition) => void>();

  constructor(options: ReplicaPoolOptions) {
    const timeoutMs = options.timeoutMs ?? REPLICA_TIMEOUT_MS;
    super({
      connectionString: options.connectionString,
      max: options.max,
      connectionTimeoutMillis: timeoutMs,
      keepAlive: true,
    });
    this.primary = options.primary;
    this.timeoutMs = timeoutMs;
    this.backoffMs = options.backoffMs ?? REPLICA_BACKOFF_MS;
    this.query = ((...args: unknown[]) => this.read(args)) as unknown as pg.Pool['query'];
    // The callback form is the pool's own (its query() connects that way); the promise form falls back.
    this.connect = ((callback?: unknown) =>
      typeof callback === 'function'
        ? replicaConnect.call(this, callback)
        : this.connectForRead()) as unknown as pg.Pool['connect'];
  }

  /** The replica serves reads: not marked down, or its back-off is over (the next read tries it). */
  get usable(): boolean {
    return !this.down || Date.now() >= this.retryAt;
  }

  /** Tells a listener each time the replica goes down or comes back; returns the unsubscribe. */
  onTransition(listener: (transition: ReplicaTransition) => void): () => void {
    this.transitionListeners.add(listener);
    return () => this.transitionListeners.delete(listener);
  }

  /** A query on the replica alone, no fallback (lag, replay position); throws when it does not answer. */
  async queryReplica<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
    const result = (await withTimeout(replicaQuery.call(this, text, values), this.timeoutMs)) as pg.QueryResult<R>;
    return result.rows;
  }

  /** Whether this read may try the replica; the first read after the back-off claims the try for itself. */
  private claim(): boolean {
    if (!this.down) return true;
    if (Date.now() < this.retryAt) return false;
    this.retryAt = Date.now() + this.backoffMs;
    return true;
  }

  private failed(err: unknown): void {
    this.retryAt = Date.now() + this.backoffMs;
    if (this.down) return;
    this.down = true;
    const error = err instanceof Error ? err : new Error(String(err));
    for (const listener of this.transitionListeners) listener({ state: 'down', error });
  }

  private succeeded(): void {
    if (!this.down) return;
    this.down = false;
    for (const listener of this.transitionListeners) listener({ state: 'up' });
  }

  private async read(args: unknown[]): Promise<unknown> {
    if (typeof args[args.length - 1] === 'function') throw new TypeError('ReplicaPool.query takes no callback.');
    const onPrimary = () => (this.primary.query as unknown as AnyQuery)(...args);
    if (!this.claim()) return onPrimary();
    let result: unknown;
    try {
      result = await withTimeout(replicaQuery.apply(this, args), this.timeoutMs);
    } catch (err) {
      if (!isReplicaFailure(err)) throw err;
      this.failed(err);
      return onPrimary();
    }
    this.succeeded();
    return result;
  }

  private async connectForRead(): Promise<pg.PoolClient> {
    if (!this.claim()) return this.primary.connect();
    let client: pg.PoolClient;
    try {
      // connectionTimeoutMillis bounds the wait.
      client = await (replicaConnect.call(this) as Promise<pg.PoolClient>);
    } catch (err) {
      this.failed(err);
      return this.primary.connect();
    }
    this.succeeded();
    return client;
  }
}

/**
 * Seconds the replica's replay is behind the primary: 0 when it has replayed all it received, else the
 * age of the last transaction it replayed; null when it does not answer (or is not a standby).
 */
export async function replicaLagSeconds(replica: ReplicaPool): Promise<number | null> {
  try {
    const [row] = await replica.queryReplica<{ lag: string | number | null }>(
      `SELECT CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
                   ELSE EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()) END AS lag`,
    );
    return row?.lag === null || row?.lag === undefined ? null : Number(row.lag);
  } catch {
    return null;
  }
}

/**
 * Whether the replica has replayed the primary's WAL up to `lsn` (a `pg_current_wal_lsn()` read on the
 * primary): everything committed before then is visible on it. A server that is not a standby has it
 * all; a replica that does not answer has not.
 */
export async function replayedTo(replica: ReplicaPool, lsn: string): Promise<boolean> {
  try {
    const [row] = await replica.queryReplica<{ ok: boolean | null }>(
      'SELECT NOT pg_is_in_recovery() OR pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok',
      [lsn],
    );
    return row?.ok === true;
  } catch {
    return false;
  }
}
