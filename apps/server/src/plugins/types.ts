import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { AuthContext } from './session-store';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
    mailer: Mailer;
  }
  interface FastifyRequest {
    /** The signed-in user and the merchant the call is scoped to; set on every non-public route. */
    auth: AuthContext;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (login, links, the hosted pages). */
    public?: boolean;
    /** The permission code the role must grant, else HTTP 430. */
    permission?: string;
    /** Reachable while the user must still reset the password. */
    allowDuringForcedReset?: boolean;
  }
}

export {};
