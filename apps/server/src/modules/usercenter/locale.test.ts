import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { outboxEmails, users } from '../../db/schema';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';

describe('language choice', () => {
  let t: TestApp;
  let owner: string;
  let viewer: string;
  const localeOf = async (cookie: string) =>
    (await call(t.app, 'GET', USERCENTER_PATHS.currentUser, { cookie })).body.data.locale as string | null;
  const save = (cookie: string, locale: unknown) =>
    call(t.app, 'POST', USERCENTER_PATHS.saveLocale, { cookie, payload: { locale } });
  /** A change of password with a too short new one: a message only the server has (isGwErrorMapEnabled = 1). */
  const weakPassword = (cookie: string, acceptLanguage?: string) =>
    t.app.inject({
      method: 'POST',
      url: USERCENTER_PATHS.changePassword,
      payload: { currentPassword: 'Merchant#2026', newPassword: 'short1' },
      headers: { cookie, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
    });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
    viewer = await loginAs(t.app, 'viewer@demo.test');
  });
  afterAll(async () => {
    await t.close();
  });

  it('is null until the user picks one, then kept per user and answered with the current user', async () => {
    expect(await localeOf(owner)).toBeNull();
    expect((await save(owner, 'zh-CN')).body.code).toBe('000000');
    expect(await localeOf(owner)).toBe('zh-CN');
    expect(await localeOf(viewer)).toBeNull();
    expect(await localeOf(await loginAs(t.app, 'owner@demo.test'))).toBe('zh-CN');
  });

  it('refuses a language the product does not speak', async () => {
    for (const bad of ['fr', 'zh', '', null, 'ZH-CN']) {
      expect((await save(viewer, bad)).body.code, String(bad)).toBe(ERROR_CODES.INVALID_REQUEST);
    }
    expect(await localeOf(viewer)).toBeNull();
    expect((await save('', 'en')).body.code).not.toBe('000000');
  });

  it("answers the server's own messages in the user's language, else in the request's Accept-Language", async () => {
    const zh = (await weakPassword(owner, 'en')).json();
    expect(zh.code).toBe(ERROR_CODES.PASSWORD_POLICY);
    expect(zh.msg_params.isGwErrorMapEnabled).toBe(1);
    expect(zh.msg).toBe('密码不符合规则：至少使用 12 个字符。密码须为 12 至 128 个字符，并同时包含字母和数字。');
    expect(zh.msg_params.originalMsg).toMatch(/^The password does not meet the policy: Use at least 12 characters/);

    // No choice: the request's language.
    expect((await weakPassword(viewer, 'zh-CN,zh;q=0.9')).json().msg).toMatch(/^密码不符合规则/);
    expect((await weakPassword(viewer, 'de-DE')).json().msg).toMatch(/^The password does not meet the policy/);
    // Signed out: Accept-Language alone (a code of the client's catalogue keeps its code, the client words it).
    const anonymous = await t.app.inject({
      method: 'POST',
      url: USERCENTER_PATHS.login,
      payload: { email: 'owner@demo.test', password: 'not-the-password-1' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(anonymous.json().code).toBe(ERROR_CODES.PASSWORD_NOT_CORRECT);
    expect(anonymous.json().msg_params.isGwErrorMapEnabled).toBe(0);
  });

  it("mails a password reset in the user's language", async () => {
    const ask = (email: string) => call(t.app, 'POST', USERCENTER_PATHS.forgotPassword, { payload: { email } });
    const lastMailTo = async (email: string) =>
      (
        await t.database.db
          .select()
          .from(outboxEmails)
          .where(eq(outboxEmails.toAddress, email))
          .orderBy(desc(outboxEmails.id))
          .limit(1)
      )[0];
    await ask('owner@demo.test');
    const zh = await lastMailTo('owner@demo.test');
    expect(zh.subject).toBe('重置您的密码');
    expect(zh.htmlBody).toContain('<html lang="zh-CN">');
    expect(zh.textBody).toContain('该链接仅可使用一次，30 分钟后失效。');

    await ask('viewer@demo.test');
    expect((await lastMailTo('viewer@demo.test')).subject).toBe('Reset your password');
    const [row] = await t.database.db
      .select({ locale: users.locale })
      .from(users)
      .where(eq(users.email, 'viewer@demo.test'));
    expect(row.locale).toBeNull();
  });
});
