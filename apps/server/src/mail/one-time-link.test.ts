import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import { buildApp } from '../app';
import { outboxEmails } from '../db/schema';
import { settableClock } from '../lib/clock';
import { call, createTestApp, loginAs, TEST_JOBS, type TestApp } from '../test/harness';
import { tokenIn } from '../test/smtp';
import { expireMailLinksJob } from './expire-links-job';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The app's clock: the dev mailbox and the mail.expire-links job read it; the test moves it. */
const clock = settableClock(Date.now());

/** Reset and invitation links are secrets: stored mail keeps them only until sent or expired. */
describe('one-time links in stored mail', () => {
  let t: TestApp;
  /** The newest stored mail to an address, every column. */
  const stored = async (to: string) =>
    (
      await t.database.db
        .select()
        .from(outboxEmails)
        .where(eq(outboxEmails.toAddress, to))
        .orderBy(desc(outboxEmails.id))
        .limit(1)
    )[0];
  const forgot = (app: FastifyInstance, email: string) =>
    app.inject({ method: 'POST', url: USERCENTER_PATHS.forgotPassword, payload: { email } });
  const checkLink = (token: string, type: 'RESET' | 'INVITE') =>
    call(t.app, 'POST', USERCENTER_PATHS.checkLink, { payload: { token, type } });
  const invite = async (app: FastifyInstance, email: string) => {
    const owner = await loginAs(app, 'owner@demo.test');
    const res = await call(app, 'POST', USERCENTER_PATHS.inviteMember, {
      cookie: owner,
      payload: { email, roleCode: 'VIEWER' },
    });
    expect(res.body.code, res.body.msg).toBe('000000');
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { clock } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps no reset or invitation link in a mail sent over SMTP; the recipient got a working one', async () => {
    const since = t.smtp.messages.length;
    expect((await forgot(t.app, 'viewer@demo.test')).json().code).toBe('000000');
    await invite(t.app, 'sent-invite@example.com');
    for (const [to, type] of [
      ['viewer@demo.test', 'RESET'],
      ['sent-invite@example.com', 'INVITE'],
    ] as const) {
      const token = tokenIn(await t.smtp.waitFor(to, since));
      expect(token.length).toBeGreaterThan(20);
      expect((await checkLink(token, type)).body.code).toBe('000000');
      // The send job marks the mail sent after SMTP took it.
      await t.app.mailer.flush();
      const row = await stored(to);
      expect(row.sentAt).not.toBeNull();
      expect(JSON.stringify(row)).not.toContain(token);
      expect(row.textBody).not.toMatch(/[?&]token=/);
      expect(row.htmlBody).not.toMatch(/[?&]token=/);
      expect(row.textBody).toContain('[link removed after sending]');
      expect(row.htmlBody).toContain('[link removed after sending]');
    }
  });

  describe('without SMTP (the dev mailbox)', () => {
    /** An instance on the same database whose mail stays in the outbox, read at /dev/mailbox. */
    let outbox: FastifyInstance;
    const mailbox = async (to: string) => {
      const res = await outbox.inject({ method: 'GET', url: '/dev/mailbox.json', remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(200);
      return (res.json() as { to: string; text: string }[]).find((m) => m.to === to)!;
    };
    const mailboxPage = async () =>
      (await outbox.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1' })).body;
    const runExpireJob = async () => {
      await t.app.jobs.send(expireMailLinksJob, {});
      t.app.jobs.wake(expireMailLinksJob.name);
      await t.app.jobs.drain();
    };

    beforeAll(async () => {
      outbox = await buildApp({
        config: { ...t.app.config, smtpUrl: undefined, devMailbox: true },
        database: t.database,
        logger: false,
        jobs: TEST_JOBS,
      });
      expect(outbox.mailer.mode).toBe('outbox');
    });
    afterAll(async () => {
      await outbox.close();
    });

    it('shows a reset link until it expires (30 minutes), then neither the mailbox nor the stored mail has it', async () => {
      clock.set(Date.now());
      expect((await forgot(outbox, 'finance@demo.test')).json().code).toBe('000000');
      const shown = await mailbox('finance@demo.test');
      const token = new URL(/https?:\/\/\S+/.exec(shown.text)![0]).searchParams.get('token')!;
      expect((await checkLink(token, 'RESET')).body.code).toBe('000000');
      expect(await mailboxPage()).toContain(token);

      clock.advance(29 * MINUTE);
      expect((await mailbox('finance@demo.test')).text).toContain(token);

      clock.advance(2 * MINUTE);
      const expired = await mailbox('finance@demo.test');
      expect(expired.text).not.toContain(token);
      expect(expired.text).toContain('[link removed: it expired]');
      expect(await mailboxPage()).not.toContain(token);
      const row = await stored('finance@demo.test');
      expect(JSON.stringify(row)).not.toContain(token);
      expect(row.oneTimeLink).toBeNull();
    });

    it('the mail.expire-links job removes an expired invitation link from mail nobody sent or read', async () => {
      clock.set(Date.now());
      await invite(outbox, 'unread-invite@example.com');
      const link = (await stored('unread-invite@example.com')).oneTimeLink!;
      const token = new URL(link).searchParams.get('token')!;
      expect(token.length).toBeGreaterThan(20);
      // The stored bodies never held it.
      expect(JSON.stringify({ ...(await stored('unread-invite@example.com')), oneTimeLink: null })).not.toContain(
        token,
      );

      clock.advance(6 * DAY);
      await runExpireJob();
      expect((await stored('unread-invite@example.com')).oneTimeLink).toBe(link);

      clock.advance(DAY + MINUTE);
      await runExpireJob();
      const row = await stored('unread-invite@example.com');
      expect(row.oneTimeLink).toBeNull();
      expect(JSON.stringify(row)).not.toContain(token);
      expect(row.textBody).toContain('[link removed: it expired]');
      expect(row.htmlBody).toContain('[link removed: it expired]');
    });
  });
});
