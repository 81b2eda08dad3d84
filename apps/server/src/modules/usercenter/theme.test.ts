import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { users } from '../../db/schema';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';

describe('theme choice', () => {
  let t: TestApp;
  let owner: string;
  let viewer: string;
  const themeOf = async (cookie: string) =>
    (await call(t.app, 'GET', USERCENTER_PATHS.currentUser, { cookie })).body.data.theme as string;
  const save = (cookie: string, theme: unknown) =>
    call(t.app, 'POST', USERCENTER_PATHS.saveTheme, { cookie, payload: { theme } });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, 'owner@demo.test');
    viewer = await loginAs(t.app, 'viewer@demo.test');
  });
  afterAll(async () => {
    await t.close();
  });

  it('follows the system until the user picks one', async () => {
    expect(await themeOf(owner)).toBe('system');
  });

  it('keeps the choice per user and answers it with the current user', async () => {
    const saved = await save(owner, 'dark');
    expect(saved.body.code).toBe('000000');
    expect(await themeOf(owner)).toBe('dark');
    // Another user's choice is untouched.
    expect(await themeOf(viewer)).toBe('system');
    const [row] = await t.database.db
      .select({ theme: users.theme })
      .from(users)
      .where(eq(users.email, 'viewer@demo.test'));
    expect(row.theme).toBe('system');

    // It outlives the session: a new login reads it back.
    expect(await themeOf(await loginAs(t.app, 'owner@demo.test'))).toBe('dark');
    expect((await save(owner, 'system')).body.code).toBe('000000');
    expect(await themeOf(owner)).toBe('system');
  });

  it('refuses a value outside system, light and dark with the catalogue validation error', async () => {
    await save(viewer, 'light');
    for (const bad of ['sepia', '', null, 'DARK']) {
      const res = await save(viewer, bad);
      expect(res.body.code, String(bad)).toBe(ERROR_CODES.INVALID_REQUEST);
    }
    expect(await themeOf(viewer)).toBe('light');
  });

  it('saves at once from several tabs: every call succeeds and one of the choices is kept whole', async () => {
    const cookie = await loginAs(t.app, 'finance@demo.test');
    const choices = ['dark', 'light', 'system', 'dark', 'light', 'system', 'dark', 'light'];
    const answers = await Promise.all(choices.map((theme) => save(cookie, theme)));
    expect(answers.map((a) => a.body.code)).toEqual(choices.map(() => '000000'));
    expect(['system', 'light', 'dark']).toContain(await themeOf(cookie));
  });

  it('is saved only with a session', async () => {
    const res = await save('', 'dark');
    expect(res.body.code).not.toBe('000000');
  });
});
