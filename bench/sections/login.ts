/**
 * Login (argon2id) and login with two-factor sign-in (the password step, then the code step), request limits on: the
 * logins rotate over bench accounts, each from its own address.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo';
import { measureLogin, type Timing } from '../measure';
import { ensureTwoFactorUsers, measureTwoFactorLogin, type TwoFactorLoginFigures } from '../measure-team';
import { defineSection, OWNER, timingRow } from './section';

/**
 * Home merchant of the two-factor bench users (bench-2fa-N@bench.test): a sub-merchant of Demo Store,
 * so Demo Store's members list stays the demo's team and their sign-ins stay out of its audit log.
 */
const TWO_FACTOR_MERCHANT = 'M1000003';

/**
 * Accounts for the login runs, with the owner's password and role: at most 15 logins each (the per-email limit is 20 in
 * 10 minutes).
 */
async function loginAccounts(database: Database, logins: number): Promise<string[]> {
  const accounts = Math.ceil(logins / 15);
  await database.db.execute(sql`
    INSERT INTO users (merchant_id, email, name, role_code, status, password_hash)
    SELECT merchant_id, 'bench-login-' || g || '@demo.test', 'Bench login', role_code, 'ACTIVE', password_hash
      FROM users, generate_series(1, ${accounts}) AS g WHERE email = ${OWNER}
    ON CONFLICT (email) DO NOTHING`);
  return Array.from({ length: accounts }, (_, g) => `bench-login-${g + 1}@demo.test`);
}

interface LoginFigures {
  login: Timing;
  twoFactor: TwoFactorLoginFigures;
}

export const login = defineSection<void, LoginFigures>({
  name: 'login',
  // Each measure makes its accounts (the two-factor users get a new secret each run).
  prepare: async () => undefined,
  async measure({ app, database, options, log }) {
    const logins = options.loginRuns + 5;
    log('login');
    const login = await measureLogin(app, options.loginRuns, await loginAccounts(database, logins), DEMO_PASSWORD);
    log(`login with two-factor sign-in (${logins} users with two-factor on, one login each)`);
    const users = await ensureTwoFactorUsers(database.db, database.secrets, TWO_FACTOR_MERCHANT, logins, OWNER);
    const twoFactor = await measureTwoFactorLogin(app, users.emails, users.secret, DEMO_PASSWORD);
    return { login, twoFactor };
  },
  rows: ({ login, twoFactor }) => [
    timingRow('Login (argon2id), API', login, 'p95 < 100 ms', login.p95 < 100),
    timingRow('Login with two-factor sign-in, API (both steps)', twoFactor.both),
    timingRow(
      'Login with two-factor: password step (argon2id)',
      twoFactor.password,
      'p95 < 100 ms',
      twoFactor.password.p95 < 100,
    ),
    timingRow('Login with two-factor: code step (TOTP)', twoFactor.code, 'p95 < 50 ms', twoFactor.code.p95 < 50),
  ],
});
