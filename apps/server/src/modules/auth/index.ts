/**
 * The entry file of the auth module: what the other folders (other modules, app.ts, seed/, smoke/, their
 * tests) use of it. Re-exports only; outside modules/auth/ import it through this file alone.
 */
export { consumeTwoFactorChallenge, createLink, createMailLink } from './links';
export { clearFailures, currentLock, failedAttempt, lockedText, takeAttempt } from './lockout';
export { type ClientInfo, finishLogin, lockedMeanwhileError, recordLogin } from './login';
export { hashPassword } from './passwords';
export { default as authRoutes } from './routes';
export { clientInfo, startSession } from './session-cookies';
export {
  claimTotpStep,
  createInvitedUser,
  disableTotp,
  enableTotp,
  removeUser,
  setAllSubMerchants,
  setPendingTotpSecret,
  setUserRole,
  setUserStatus,
  setUserLocale,
  setUserTheme,
} from './user-writes';
