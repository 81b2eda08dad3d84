import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { TEAM_PATHS } from '@mbo/contracts/team';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { users } from '../../db/schema';
import { call, loginAs, type TestApp } from '../../test/harness';
import { tokenIn } from '../../test/smtp';

export const PASSWORD = 'Teammate#2026x';

/** The team suites' calls, on one test app. */
export function teamClient(t: TestApp) {
  const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
  const post = (cookie: string, url: string, payload: unknown = {}) => call(t.app, 'POST', url, { cookie, payload });
  const get = (cookie: string, url: string) => call(t.app, 'GET', url, { cookie });
  /** Many logins: the per-address login limit (plugins/rate-limit.ts) starts afresh. */
  const clearRateLimits = () => exec(sql`DELETE FROM rate_limits`);
  const login = async (email: string, password?: string) => {
    await clearRateLimits();
    return loginAs(t.app, email, password);
  };
  const db = t.database.db;
  const userId = async (email: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;

  /** Invites a member as `by` and returns the register_password token from the mail that arrives over SMTP. */
  async function invite(by: string, email: string, roleCode: string): Promise<string> {
    const since = t.smtp.messages.length;
    const res = await post(by, USERCENTER_PATHS.inviteMember, { email, roleCode });
    expect(res.body.code, res.body.msg).toBe('000000');
    return tokenIn(await t.smtp.waitFor(email, since));
  }

  /** An invited, registered and signed-in member: their cookie and id. */
  async function addMember(by: string, email: string, roleCode: string): Promise<{ cookie: string; id: string }> {
    const token = await invite(by, email, roleCode);
    const reg = await call(t.app, 'POST', USERCENTER_PATHS.registerPassword, {
      payload: { token, name: `Member ${roleCode}`, password: PASSWORD },
    });
    expect(reg.body.code, reg.body.msg).toBe('000000');
    return { cookie: await login(email, PASSWORD), id: (await userId(email))! };
  }

  const members = async (cookie: string, body: Record<string, unknown> = {}) =>
    post(cookie, TEAM_PATHS.members, { pageSize: 200, ...body });

  return { db, exec, post, get, login, clearRateLimits, userId, invite, addMember, members };
}
