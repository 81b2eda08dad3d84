/**
 * The session cookies of a sign-in, shared by the password login (routes.ts) and the two-factor
 * login step (modules/two-factor), which both end by starting a session.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE } from '@mbo/contracts/usercenter';
import { endSession, SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '../../plugins/session-store';
import { hashToken } from '../../lib/tokens';
import type { ClientInfo } from './login';

export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

export function cookieOptionsOf(app: FastifyInstance) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: app.config.secureCookies };
}

/**
 * Sets the cookie of a new session (a new id at every login); the session the browser had before
 * ends. The hint (readable by the page, no secret) lives and dies with it.
 */
export async function startSession(request: FastifyRequest, reply: FastifyReply, token: string): Promise<void> {
  const cookieOptions = cookieOptionsOf(request.server);
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await endSession(request.server.db, hashToken(previous));
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...cookieOptions, httpOnly: false, maxAge: SESSION_ABSOLUTE_MS / 1000 });
}
