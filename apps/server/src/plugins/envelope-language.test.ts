import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { REPORT_SCHEDULE_PATHS } from '@mbo/contracts/report-schedules';
import { TEAM_PATHS } from '@mbo/contracts/team';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { users } from '../db/schema';
import { cookieOf, createTestApp, type TestApp } from '../test/harness';

/**
 * A success's msg in the caller's language (plugins/envelope-language.ts): the signed-in user's choice, else the
 * request's Accept-Language; an English caller reads the English the merchant API and the tests have always had.
 */
describe("success messages in the caller's language", () => {
  let t: TestApp;
  let owner: string;
  const ids: Record<string, string> = {};
  const send = (url: string, payload: unknown, opts: { cookie?: string; lang?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: {
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
        ...(opts.lang ? { 'accept-language': opts.lang } : {}),
      },
    });
  const msgOf = async (res: Awaited<ReturnType<typeof send>>) => {
    const body = res.json();
    expect(body.code, body.msg).toBe('000000');
    return body.msg as string;
  };
  const login = (lang?: string) =>
    send(USERCENTER_PATHS.login, { email: 'owner@demo.test', password: 'Merchant#2026' }, { lang });
  const role = (name: string) => ({
    baseCode: 'OPERATIONS',
    name,
    menuUrls: ['/home', '/transactions/payments'],
    permissionCodes: ['PAGE_PAYMENTS_DETAIL'],
  });
  const setLocale = (email: string, locale: string | null) =>
    t.database.db.update(users).set({ locale }).where(eq(users.email, email));

  beforeAll(async () => {
    t = await createTestApp();
    owner = cookieOf(await login());
    for (const row of await t.database.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(like(users.email, '%@demo.test')))
      ids[row.email.split('@')[0]] = row.id;
  });
  afterAll(async () => {
    await setLocale('owner@demo.test', null);
    await t?.close();
  });

  it('answers a login in the language of its Accept-Language (no session yet)', async () => {
    expect(await msgOf(await login())).toBe('Login successful');
    expect(await msgOf(await login('de-DE'))).toBe('Login successful');
    expect(await msgOf(await login('zh-CN,zh;q=0.9'))).toBe('登录成功');
  });

  it("words a role created, an invitation sent and a role given: the user's choice first, else Accept-Language", async () => {
    expect(await msgOf(await send(TEAM_PATHS.createRole, role('Desk EN'), { cookie: owner }))).toBe(
      'Role Desk EN created',
    );
    expect(await msgOf(await send(TEAM_PATHS.createRole, role('Desk ZH'), { cookie: owner, lang: 'zh-CN' }))).toBe(
      '角色“Desk ZH”已创建',
    );
    const invite = { email: 'new.member@example.com', roleCode: 'FINANCE' };
    expect(await msgOf(await send(USERCENTER_PATHS.inviteMember, invite, { cookie: owner }))).toBe(
      'Invitation sent to new.member@example.com',
    );

    // The user chose Chinese: it wins over the request's English.
    await setLocale('owner@demo.test', 'zh-CN');
    const again = { email: 'other.member@example.com', roleCode: 'FINANCE' };
    expect(await msgOf(await send(USERCENTER_PATHS.inviteMember, again, { cookie: owner, lang: 'en' }))).toBe(
      '邀请已发送至 other.member@example.com',
    );
    const given = await send(TEAM_PATHS.updateRole, { userId: ids.viewer, roleCode: 'FINANCE' }, { cookie: owner });
    expect(await msgOf(given)).toMatch(/ 的角色已改为“财务”$/);
    await setLocale('owner@demo.test', null);
    const back = await send(TEAM_PATHS.updateRole, { userId: ids.viewer, roleCode: 'VIEWER' }, { cookie: owner });
    expect(await msgOf(back)).toMatch(/ is now Viewer$/);
  });

  it('words a schedule created, and a plain success', async () => {
    const schedule = (name: string) => ({
      name,
      type: 'PAYMENTS',
      format: 'CSV',
      filters: {},
      frequency: 'DAILY',
      time: '08:00',
      timeZone: 'Europe/Amsterdam',
      recipientIds: [ids.owner],
    });
    expect(await msgOf(await send(REPORT_SCHEDULE_PATHS.create, schedule('Daily EN'), { cookie: owner }))).toBe(
      'Schedule created',
    );
    const zh = await send(REPORT_SCHEDULE_PATHS.create, schedule('Daily ZH'), { cookie: owner, lang: 'zh-CN' });
    expect(await msgOf(zh)).toBe('定时报表已创建');
    const list = { pageNum: 1, pageSize: 10 };
    expect(await msgOf(await send(REPORT_SCHEDULE_PATHS.list, list, { cookie: owner }))).toBe('Success');
    expect(await msgOf(await send(REPORT_SCHEDULE_PATHS.list, list, { cookie: owner, lang: 'zh-CN' }))).toBe(
      '操作成功',
    );
  });
});
