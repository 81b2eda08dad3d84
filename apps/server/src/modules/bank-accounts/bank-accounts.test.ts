import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, isNull, like, sql } from 'drizzle-orm';
import {
  BANK_ACCOUNT_PATHS,
  MAX_BANK_ACCOUNTS,
  SANDBOX_REJECTED_IBAN,
  type BankAccountRecord,
} from '@mbo/contracts/bank-accounts';
import { bankAccounts } from '../../db/money-out-schema';
import { auditLog, outboxEmails, users } from '../../db/schema';
import { placeOf } from '../../db/encrypted-columns';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { verifyBankAccount } from './sandbox-verify-job';

const SWITCH = '/usercenter/web/v1/switch-user-access-merchant';
/** Valid IBANs (checksums right) and a valid US account (ABA checksum right). */
const NL_IBAN = 'NL91ABNA0417164300';
const DE_IBAN = 'DE89 3704 0044 0532 0130 00';
const OTHER_REJECTED_IBAN = 'NL35INGB0009990002';
const US = { country: 'US', currency: 'USD', accountNumber: '123456789', routingCode: '011000015' };

/**
 * Bank accounts through the API: add (validated per country), verify, default, remove; roles, tenants, audit and mail.
 */
describe('bank accounts', () => {
  let t: TestApp;
  let owner: string;
  let finance: string;
  let viewer: string;
  let payouts: string;
  const db = () => t.database.db;
  const audited = (action: string, targetId: string) =>
    and(eq(auditLog.action, action), eq(auditLog.targetId, targetId));
  const bankAccountCount = async (merchantId?: string) =>
    (
      await db()
        .select({ n: count() })
        .from(bankAccounts)
        .where(
          merchantId === undefined
            ? undefined
            : and(eq(bankAccounts.merchantId, merchantId), isNull(bankAccounts.removedAt)),
        )
    )[0].n;
  const post = (url: string, payload: unknown, cookie = owner) => call(t.app, 'POST', url, { cookie, payload });
  const ok = <T>(res: { body: { code: string; msg: string; data: T } }): T => {
    expect(res.body.code, res.body.msg).toBe('000000');
    return res.body.data;
  };
  const notifier = () => ({ mailer: t.app.mailer, publicUrl: 'http://localhost:8080' });
  const add = (body: Record<string, unknown>, cookie = owner) =>
    post(
      BANK_ACCOUNT_PATHS.add,
      { bankName: 'Test Bank', holderName: 'Demo Store B.V.', country: 'NL', currency: 'EUR', ...body },
      cookie,
    );
  const outbox = async (subject: string) =>
    db()
      .select({ to_address: outboxEmails.toAddress })
      .from(outboxEmails)
      .where(eq(outboxEmails.subject, subject))
      .orderBy(asc(outboxEmails.id));

  beforeAll(async () => {
    t = await createTestApp({ config: { sandboxBankVerifyDelayMs: 600_000 } });
    owner = await loginAs(t.app, 'owner@demo.test');
    finance = await loginAs(t.app, 'finance@demo.test');
    viewer = await loginAs(t.app, 'viewer@demo.test');
    payouts = await loginAs(t.app, 'payouts@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds an IBAN account: stored in full (encrypted), answered masked, pending until the sandbox bank verifies it; audited and mailed to the owners', async () => {
    const before = (await outbox('A bank account was added')).length;
    const added = ok<BankAccountRecord>(await add({ accountNumber: NL_IBAN, bic: 'ABNANL2A' }, finance));
    expect(added).toMatchObject({
      status: 'PENDING_VERIFICATION',
      maskedNumber: '•••• 4300',
      scheme: 'IBAN',
      isDefault: false,
      bic: 'ABNANL2A',
      createdBy: 'finance@demo.test',
    });
    expect(JSON.stringify(added)).not.toContain('0417164300');
    const [row] = await db()
      .select({ account_number: bankAccounts.accountNumber })
      .from(bankAccounts)
      .where(eq(bankAccounts.id, added.bankAccountId));
    expect(row.account_number).not.toContain('0417164300');
    expect(t.database.secrets.open(row.account_number, placeOf('bank_accounts', added.bankAccountId))).toBe(NL_IBAN);
    const list = ok<{ records: BankAccountRecord[] }>(await post(BANK_ACCOUNT_PATHS.list, { pageSize: 200 }));
    expect(JSON.stringify(list)).not.toMatch(/NL91ABNA|0417164300/);
    expect(list.records.map((r) => r.bankAccountId)).toContain(added.bankAccountId);
    const mails = await outbox('A bank account was added');
    expect(mails.length - before).toBe(1);
    expect(mails.at(-1)!.to_address).toBe('owner@demo.test');
    const [audit] = await db()
      .select({ actor_email: auditLog.actorEmail, outcome: auditLog.outcome })
      .from(auditLog)
      .where(audited('BANK_ACCOUNT_ADD', added.bankAccountId));
    expect(audit).toEqual({ actor_email: 'finance@demo.test', outcome: 'SUCCESS' });

    // The sandbox bank: verified; EUR has a default already (the demo ING account), so this one is not.
    expect(await verifyBankAccount(db(), added.bankAccountId, notifier())).toBe('VERIFIED');
    expect(await verifyBankAccount(db(), added.bankAccountId, notifier())).toBeNull();
    const after = ok<{ records: BankAccountRecord[] }>(
      await post(BANK_ACCOUNT_PATHS.list, { keyword: added.bankAccountId }),
    );
    expect(after.records[0]).toMatchObject({ status: 'VERIFIED', isDefault: false });
    expect(after.records[0].verifiedAt).not.toBeNull();
  });

  it('verifies a local account and makes it the default of a currency that had none; rejects the documented test number', async () => {
    const chf = ok<BankAccountRecord>(
      await add({ country: 'CH', currency: 'CHF', accountNumber: 'CH93 0076 2011 6238 5295 7' }),
    );
    expect(await verifyBankAccount(db(), chf.bankAccountId, notifier())).toBe('VERIFIED');
    expect(
      ok<{ records: BankAccountRecord[] }>(await post(BANK_ACCOUNT_PATHS.list, { keyword: chf.bankAccountId }))
        .records[0].isDefault,
    ).toBe(true);

    // The demo data holds SANDBOX_REJECTED_IBAN already (rejected); another number ending in 0002 is rejected as well.
    const rejected = ok<BankAccountRecord>(await add({ accountNumber: OTHER_REJECTED_IBAN }));
    expect(await verifyBankAccount(db(), rejected.bankAccountId, notifier())).toBe('REJECTED');
    const [row] = ok<{ records: BankAccountRecord[] }>(
      await post(BANK_ACCOUNT_PATHS.list, { keyword: rejected.bankAccountId }),
    ).records;
    expect(row).toMatchObject({ status: 'REJECTED', isDefault: false });
    expect(row.rejectionReason).toMatch(/does not match/);
    expect((await outbox('A bank account could not be verified')).length).toBeGreaterThan(0);
    // A rejected account cannot become the default; it can be removed, and then added again.
    expect((await post(BANK_ACCOUNT_PATHS.setDefault, { bankAccountId: rejected.bankAccountId })).body.code).toBe(
      '006001B044',
    );
    ok(await post(BANK_ACCOUNT_PATHS.remove, { bankAccountId: rejected.bankAccountId }));
    ok(await add({ accountNumber: OTHER_REJECTED_IBAN }));
    expect((await add({ accountNumber: SANDBOX_REJECTED_IBAN })).body.code).toBe('006001B041');
  });

  it('refuses bad numbers with the field and the reason, and writes nothing', async () => {
    const before = await bankAccountCount();
    const cases: [Record<string, unknown>, string, string, RegExp][] = [
      [{ accountNumber: 'NL91ABNA0417164301' }, 'accountNumber', 'IBAN_CHECKSUM', /check digits/],
      [{ accountNumber: 'NL91ABNA04171643' }, 'accountNumber', 'IBAN_LENGTH', /length/],
      [{ accountNumber: DE_IBAN }, 'accountNumber', 'IBAN_COUNTRY', /another country \(DE\)/],
      [{ accountNumber: NL_IBAN, bic: 'ABNA' }, 'bic', 'BIC_FORMAT', /8 or 11/],
      [{ accountNumber: NL_IBAN, bic: 'DEUTDEFF' }, 'bic', 'BIC_COUNTRY', /another country/],
      [{ ...US, routingCode: '011000016' }, 'routingCode', 'ROUTING_CHECK_DIGIT', /check digit/],
      [{ ...US, routingCode: undefined }, 'routingCode', 'ROUTING_REQUIRED', /required/],
      [{ ...US, accountNumber: '12' }, 'accountNumber', 'ACCOUNT_FORMAT', /4 to 17 digits/],
      [{ country: 'ZZ', accountNumber: '123' }, 'country', 'COUNTRY_NOT_PAYABLE', /not a country we can pay to/],
    ];
    // Each field's error as a code the web words in the reader's language, with the English message.
    for (const [body, field, code, message] of cases) {
      const res = await add(body);
      expect(res.body.code, JSON.stringify(body)).toBe('001000B001');
      const fields = res.body.data.fields as { field: string; code: string; message: string }[];
      expect(fields[0].field, JSON.stringify(body)).toBe(field);
      expect(fields[0].code, JSON.stringify(body)).toBe(code);
      expect(fields[0].message, JSON.stringify(body)).toMatch(message);
    }
    for (const payload of [
      {},
      { bankName: 1 },
      { bankName: 'x'.repeat(500), holderName: 'y', country: 'NL', currency: 'EUR', accountNumber: NL_IBAN },
      { currency: 'XXX' },
      { deep: { a: [[[1]]] } },
    ]) {
      const res = await post(BANK_ACCOUNT_PATHS.add, payload);
      expect(res.status).toBe(200);
      expect(res.body.code).toBe('001000B001');
    }
    const after = await bankAccountCount();
    expect(after).toBe(before);
    // The same number twice (spaces and case do not make it another).
    ok(await add(US));
    const again = await add({ ...US, accountNumber: '1234-56789' });
    expect(again.body.code).toBe('006001B041');
  });

  it("mails an owner who chose Chinese in Chinese, the bank's reason included, and never the full number", async () => {
    const chinese = () =>
      db()
        .select({ subject: outboxEmails.subject, text: outboxEmails.textBody, html: outboxEmails.htmlBody })
        .from(outboxEmails)
        .where(and(eq(outboxEmails.toAddress, 'owner@demo.test'), like(outboxEmails.subject, '%银行账户%')))
        .orderBy(asc(outboxEmails.id));
    await db().update(users).set({ locale: 'zh-CN' }).where(eq(users.email, 'owner@demo.test'));
    try {
      const added = ok<BankAccountRecord>(await add({ accountNumber: 'NL02ABNA0123456789' }, finance));
      expect(await verifyBankAccount(db(), added.bankAccountId, notifier())).toBe('VERIFIED');
      const rejected = ok<BankAccountRecord>(await add({ accountNumber: 'NL60RABO0123450002' }, finance));
      expect(await verifyBankAccount(db(), rejected.bankAccountId, notifier())).toBe('REJECTED');
      const mails = (await chinese()).slice(-4);
      expect(mails.map((m) => m.subject)).toEqual([
        '已添加银行账户',
        '银行账户已通过验证',
        '已添加银行账户',
        '银行账户未通过验证',
      ]);
      expect(mails[0].text).toMatch(/^finance@demo\.test 已将银行账户 Test Bank •••• 6789 \(EUR\) 添加到 Demo Store。/);
      expect(mails[3].text).toContain('：账户持有人姓名与银行记录不符。请检查账户信息后重新添加。');
      for (const m of mails) expect(`${m.text}${m.html}`).not.toMatch(/0123456789|0123450002|NL02|NL60/);
    } finally {
      await db().update(users).set({ locale: null }).where(eq(users.email, 'owner@demo.test'));
    }
  });

  it('moves the default within a currency, never removes the default, and never one with a withdrawal in flight', async () => {
    const list = ok<{ records: BankAccountRecord[] }>(
      await post(BANK_ACCOUNT_PATHS.list, { currency: 'EUR', status: ['VERIFIED'], pageSize: 200 }),
    );
    const current = list.records.find((r) => r.isDefault)!;
    const other = list.records.find((r) => !r.isDefault)!;
    expect((await post(BANK_ACCOUNT_PATHS.remove, { bankAccountId: current.bankAccountId })).body.code).toBe(
      '006001B042',
    );
    ok(await post(BANK_ACCOUNT_PATHS.setDefault, { bankAccountId: other.bankAccountId }));
    const after = ok<{ records: BankAccountRecord[] }>(
      await post(BANK_ACCOUNT_PATHS.list, { currency: 'EUR', pageSize: 200 }),
    );
    expect(after.records.filter((r) => r.isDefault).map((r) => r.bankAccountId)).toEqual([other.bankAccountId]);
    expect((await outbox('Your default bank account changed')).length).toBeGreaterThan(0);

    // A withdrawal in flight to the old default: it cannot be removed until that ends (the demo's one awaiting approval
    // is rejected first).
    await db().execute(
      sql`UPDATE withdrawals SET status = 'CANCELLED', finished_at = now() WHERE status = 'PENDING_APPROVAL'`,
    );
    await db().execute(sql`
      INSERT INTO withdrawals (id, merchant_id, bank_account_id, currency, amount, fee, net_amount, status, created_at)
      VALUES ('WDRTESTINFLIGHT', 'M1000001', ${current.bankAccountId}, 'EUR', 1000, 0, 1000, 'PROCESSING', now())`);
    const busy = await post(BANK_ACCOUNT_PATHS.remove, { bankAccountId: current.bankAccountId });
    expect(busy.body.code).toBe('006001B043');
    expect(
      ok<{ records: BankAccountRecord[] }>(await post(BANK_ACCOUNT_PATHS.list, { keyword: current.bankAccountId }))
        .records[0].inFlightWithdrawals,
    ).toBe(1);
    await db().execute(sql`UPDATE withdrawals SET status = 'FAILED', finished_at = now() WHERE id = 'WDRTESTINFLIGHT'`);
    ok(await post(BANK_ACCOUNT_PATHS.remove, { bankAccountId: current.bankAccountId }));
    expect(ok<{ total: number }>(await post(BANK_ACCOUNT_PATHS.list, { keyword: current.bankAccountId })).total).toBe(
      0,
    );
    const [audit] = await db()
      .select({ n: count() })
      .from(auditLog)
      .where(audited('BANK_ACCOUNT_REMOVE', current.bankAccountId));
    expect(audit.n).toBe(1);
  });

  it('reveals a full number only to a holder of API_BANK_ACCOUNT_REVEAL, each time audited with the last four digits only', async () => {
    const added = ok<BankAccountRecord>(
      await add({ country: 'BE', currency: 'EUR', accountNumber: 'BE68 5390 0754 7034' }, finance),
    );
    expect(added.maskedNumber).toBe('•••• 7034');
    const revealed = ok<{ bankAccountId: string; accountNumber: string; routingCode: string | null }>(
      await post(BANK_ACCOUNT_PATHS.reveal, { bankAccountId: added.bankAccountId }, finance),
    );
    expect(revealed).toEqual({
      bankAccountId: added.bankAccountId,
      accountNumber: 'BE68539007547034',
      routingCode: null,
    });
    const audits = await db()
      .select({ actor_email: auditLog.actorEmail, outcome: auditLog.outcome, detail: auditLog.detail })
      .from(auditLog)
      .where(audited('BANK_ACCOUNT_REVEAL', added.bankAccountId));
    expect(audits).toEqual([{ actor_email: 'finance@demo.test', outcome: 'SUCCESS', detail: { last4: '7034' } }]);
    // A viewer (no bank accounts menu, no reveal code) is refused and nothing is written; another merchant finds no
    // such account.
    const refused = await post(BANK_ACCOUNT_PATHS.reveal, { bankAccountId: added.bankAccountId }, viewer);
    expect(refused.status).toBe(430);
    expect((await post(BANK_ACCOUNT_PATHS.reveal, { bankAccountId: added.bankAccountId }, payouts)).body.code).toBe(
      '006001B040',
    );
    const [{ n }] = await db()
      .select({ n: count() })
      .from(auditLog)
      .where(audited('BANK_ACCOUNT_REVEAL', added.bankAccountId));
    expect(n).toBe(1);
    // Every read stays masked.
    const list = ok<{ records: BankAccountRecord[] }>(await post(BANK_ACCOUNT_PATHS.list, { pageSize: 200 }, finance));
    expect(JSON.stringify(list)).not.toContain('539007547034');
  });

  it('keeps each merchant to its own accounts, lets a viewer change nothing, and holds the limit under parallel adds', async () => {
    const mine = ok<{ records: BankAccountRecord[] }>(await post(BANK_ACCOUNT_PATHS.list, { pageSize: 1 })).records[0];
    // Demo Payouts Ltd: the list holds its own accounts only; a Demo Store id is "not found".
    const theirs = ok<{ records: BankAccountRecord[] }>(
      await post(BANK_ACCOUNT_PATHS.list, { pageSize: 200 }, payouts),
    );
    expect(theirs.records.length).toBeGreaterThan(0);
    expect(theirs.records.map((r) => r.bankAccountId)).not.toContain(mine.bankAccountId);
    for (const url of [BANK_ACCOUNT_PATHS.setDefault, BANK_ACCOUNT_PATHS.remove]) {
      expect((await post(url, { bankAccountId: mine.bankAccountId }, payouts)).body.code).toBe('006001B040');
    }
    // A viewer has no bank accounts menu and no update code.
    for (const [url, body] of [
      [BANK_ACCOUNT_PATHS.list, {}],
      [BANK_ACCOUNT_PATHS.add, { accountNumber: NL_IBAN }],
      [BANK_ACCOUNT_PATHS.remove, { bankAccountId: mine.bankAccountId }],
    ] as const) {
      const res = await post(url, body, viewer);
      expect(res.status, url).toBe(430);
    }
    // A parent owner switched into a sub-merchant sees that merchant's accounts only.
    const sub = await loginAs(t.app, 'owner@demo.test');
    ok(await post(SWITCH, { merchantId: 'M1000002' }, sub));
    const subList = ok<{ records: BankAccountRecord[] }>(await post(BANK_ACCOUNT_PATHS.list, { pageSize: 200 }, sub));
    expect(subList.records.map((r) => r.holderName)).toEqual(['Demo Store Europe GmbH']);

    // Demo Payouts Ltd up to the limit, with parallel adds: never more than MAX_BANK_ACCOUNTS.
    const n = await bankAccountCount('M2000001');
    const attempts = MAX_BANK_ACCOUNTS - n + 5;
    const results = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        add({ country: 'US', currency: 'USD', accountNumber: String(100000 + i), routingCode: '011000015' }, payouts),
      ),
    );
    expect(results.filter((r) => r.body.code === '000000')).toHaveLength(MAX_BANK_ACCOUNTS - n);
    expect(results.filter((r) => r.body.code === '006001B045')).toHaveLength(5);
    expect(await bankAccountCount('M2000001')).toBe(MAX_BANK_ACCOUNTS);
  });
});
