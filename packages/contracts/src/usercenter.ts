/**
 * Calls of the user centre (spec section 7 and the auth calls PRODUCT.md adds).
 * Each call: its path and its request and response types; the server's zod schemas are in
 * usercenter-schemas.ts (kept apart so the web app never bundles zod). The request types are
 * inferred from those schemas through type-only imports, which the build erases.
 */
import type { z } from 'zod';
import type { PageRequest } from './envelope';
import type {
  changePasswordRequest,
  checkLinkRequest,
  checkLinkResponseSchema,
  currentUserSchema,
  forceResetPasswordRequest,
  forgotPasswordRequest,
  inviteMemberRequest,
  inviteMemberResponseSchema,
  isPermissionAllowedRequest,
  isPermissionAllowedResponseSchema,
  loginHistoryListRequest,
  loginHistoryRecordSchema,
  loginRequest,
  loginResponseSchema,
  loginTwoFactorRequest,
  menuItemSchema,
  menuPermissionSchema,
  merchantSummarySchema,
  registerPasswordRequest,
  resetPasswordRequest,
  saveLocaleRequest,
  saveThemeRequest,
  switchMerchantRequest,
  twoFactorCodeRequest,
  twoFactorEnabledSchema,
  twoFactorSetupSchema,
} from './usercenter-schemas';

/**
 * Set beside the (httpOnly) session cookie and cleared with it; holds no secret. It only tells the
 * web app that a session is likely, so it loads the signed-in area's code while the session is
 * checked; a new visitor (no cookie) loads the login page's code alone.
 */
export const SESSION_HINT_COOKIE = 'mbo_signed_in';

export const USERCENTER_PATHS = {
  login: '/usercenter/web/v1/login',
  logout: '/usercenter/web/v1/logout',
  forgotPassword: '/usercenter/web/v1/forgot-password',
  resetPassword: '/usercenter/web/v1/reset-password',
  registerPassword: '/usercenter/web/v1/register-password',
  checkLink: '/usercenter/web/v1/check-link',
  forceResetPassword: '/usercenter/web/v1/force-reset-password',
  changePassword: '/usercenter/web/v1/change-password',
  loginHistoryList: '/usercenter/api/v1/merchant-user/login-history-list',
  switchMerchant: '/usercenter/web/v1/switch-user-access-merchant',
  isPermissionAllowed: '/usercenter/api/v1/permission/is-permission-allowed',
  subMerchantList: '/usercenter/web/v1/merchant-info/query-sub-merchant-list',
  menuList: '/usercenter/api/v1/merchant-user/menu-list',
  currentUser: '/usercenter/api/v1/merchant-user-manage/current-user',
  inviteMember: '/usercenter/web/v1/merchant-user-manage/invite',
  /** The second step of a login with two-factor sign-in: the challenge of the first and a code. */
  loginTwoFactor: '/usercenter/web/v1/login/two-factor',
  twoFactorSetup: '/usercenter/web/v1/two-factor/setup',
  twoFactorEnable: '/usercenter/web/v1/two-factor/enable',
  twoFactorDisable: '/usercenter/web/v1/two-factor/disable',
  /** The user menu's theme choice, kept per user (the current user answers it). */
  saveTheme: '/usercenter/web/v1/merchant-user/theme',
  /** The user menu's language choice, kept per user (the current user answers it). */
  saveLocale: '/usercenter/web/v1/merchant-user/locale',
} as const;

/** Length limits only: the policy itself (letters + digits, history, common list) is the server's. */

export const PASSWORD_RULES = { minLength: 12, maxLength: 128, history: 4 } as const;

/**
 * What is wrong with a password by the policy, as a key the web and the server word in the reader's
 * language ("Use at least {{count}} characters."), or undefined.
 */
export interface PasswordProblem {
  key: 'tooShort' | 'tooLong' | 'lettersAndDigits';
  count?: number;
}

/** The client-side mirror of the password policy; the server checks it again (and more). */
export function passwordPolicyProblem(pw: string): PasswordProblem | undefined {
  if (pw.length < PASSWORD_RULES.minLength) return { key: 'tooShort', count: PASSWORD_RULES.minLength };
  if (pw.length > PASSWORD_RULES.maxLength) return { key: 'tooLong', count: PASSWORD_RULES.maxLength };
  if (!/[A-Za-z]/.test(pw) || !/[0-9]/.test(pw)) return { key: 'lettersAndDigits' };
  return undefined;
}

// ---- login / logout ----
export type LoginRequest = z.infer<typeof loginRequest>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;

// ---- two-factor sign-in (TOTP) ----
export const TWO_FACTOR_RULES = { digits: 6, periodSeconds: 30, recoveryCodes: 10, challengeMinutes: 5 } as const;
export type LoginTwoFactorRequest = z.infer<typeof loginTwoFactorRequest>;
export type TwoFactorCodeRequest = z.infer<typeof twoFactorCodeRequest>;
/** A new secret to scan; it takes effect only once a code from it is confirmed (enable). */
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;
/** Shown once: ten single-use codes for when the phone is not at hand. */
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabledSchema>;

// ---- links: forgot, reset, register (invitation) ----
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const LINK_TYPES = ['RESET', 'INVITE'] as const;
export type LinkType = (typeof LINK_TYPES)[number];
export type CheckLinkRequest = z.infer<typeof checkLinkRequest>;
export type CheckLinkResponse = z.infer<typeof checkLinkResponseSchema>;

export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

export type RegisterPasswordRequest = z.infer<typeof registerPasswordRequest>;

export type ForceResetPasswordRequest = z.infer<typeof forceResetPasswordRequest>;
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

// ---- login history ----
/** The request as the server gets it after validation, defaults applied. */
export type LoginHistoryListQuery = z.output<typeof loginHistoryListRequest>;
/** What a caller sends: the paging may be left out (see PageRequest). */
export type LoginHistoryListRequest = Omit<LoginHistoryListQuery, keyof PageRequest> & PageRequest;
export type LoginHistoryRecord = z.infer<typeof loginHistoryRecordSchema>;

// ---- merchants ----
export const MERCHANT_PRODUCTS = ['DIRECT_PAYMENT', 'PAYOUT'] as const;
export type MerchantProduct = (typeof MERCHANT_PRODUCTS)[number];

export type MerchantSummary = z.infer<typeof merchantSummarySchema>;

export type SwitchMerchantRequest = z.infer<typeof switchMerchantRequest>;

// ---- current user ----
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** The user's theme: 'system' follows the browser (prefers-color-scheme); 'light' and 'dark' fix it. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type SaveThemeRequest = z.infer<typeof saveThemeRequest>;
export type SaveLocaleRequest = z.infer<typeof saveLocaleRequest>;

// ---- menus and permissions ----
export type MenuPermission = z.infer<typeof menuPermissionSchema>;
export type MenuItem = z.infer<typeof menuItemSchema>;

export type IsPermissionAllowedRequest = z.infer<typeof isPermissionAllowedRequest>;
export type IsPermissionAllowedResponse = z.infer<typeof isPermissionAllowedResponseSchema>;

// ---- team: invitation (the team screen builds on it) ----
export type InviteMemberRequest = z.infer<typeof inviteMemberRequest>;
export type InviteMemberResponse = z.infer<typeof inviteMemberResponseSchema>;
