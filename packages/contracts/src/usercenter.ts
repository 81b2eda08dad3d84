
/**
 * Calls of the user centre (spec section 7 and the auth calls PRODUCT.md adds).
 * Each call: its path and its request and response types; the server's zod schemas are in
 * usercenter-schemas.ts (kept apart so the web app never bundles zod). The request types are
 * inferred from those schemas through type-only imports, which the build erases.
 */
import type { z } from 'zod';
import type { PageRequest } from './envelope';
import type {
  changePasswordRequest, checkLinkRequest, forceResetPasswordRequest, forgotPasswordRequest, inviteMemberRequest, isPermissionAllowedRequest,
  loginHistoryListRequest, loginRequest, loginTwoFactorRequest, twoFactorCodeRequest, registerPasswordRequest, resetPasswordRequest, switchMerchantRequest,
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
} as const;

/** Length limits only: the policy itself (letters + digits, history, common list) is the server's. */

export const PASSWORD_RULES = { minLength: 12, maxLength: 128, history: 4 } as const;

/** The client-side mirror of the password policy; the server checks it again (and more). */
export function passwordPolicyProblem(pw: string): string | undefined {
  if (pw.length < PASSWORD_RULES.minLength) return `Use at least ${PASSWORD_RULES.minLength} characters.`;
  if (pw.length > PASSWORD_RULES.maxLength) return `Use at most ${PASSWORD_RULES.maxLength} characters.`;
  if (!/[A-Za-z]/.test(pw) || !/[0-9]/.test(pw)) return 'Use both letters and digits.';
  return undefined;
}

// ---- login / logout ----
export type LoginRequest = z.infer<typeof loginRequest>;
export interface LoginResponse {
  /** True when the user must set a new password before anything else (force_reset_password). */
  forceResetPassword: boolean;
  /**
   * True when the user has two-factor sign-in: no session yet; send `challenge` with a code from the
   * authenticator app (or a recovery code) to loginTwoFactor within TWO_FACTOR_RULES.challengeMinutes.
   */
  twoFactorRequired: boolean;
  challenge: string | null;
}

// ---- two-factor sign-in (TOTP) ----
export const TWO_FACTOR_RULES = { digits: 6, periodSeconds: 30, recoveryCodes: 10, challengeMinutes: 5 } as const;
export type LoginTwoFactorRequest = z.infer<typeof loginTwoFactorRequest>;
export type TwoFactorCodeRequest = z.infer<typeof twoFactorCodeRequest>;
/** A new secret to scan; it takes effect only once a code from it is confirmed (enable). */
export interface TwoFactorSetup {
  /** Base32, for typing into the app by hand. */
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code (PNG data URL). */
  qrDataUrl: string;
}
/** Shown once: ten single-use codes for when the phone is not at hand. */
export interface TwoFactorEnabled {
  recoveryCodes: string[];
}

// ---- links: forgot, reset, register (invitation) ----
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const LINK_TYPES = ['RESET', 'INVITE'] as const;
export type LinkType = (typeof LINK_TYPES)[number];
export type CheckLinkRequest = z.infer<typeof checkLinkRequest>;
export interface CheckLinkResponse {
  email: string;
  merchantName: string;
  expiresAt: string;
}

export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

export type RegisterPasswordRequest = z.infer<typeof registerPasswordRequest>;

export type ForceResetPasswordRequest = z.infer<typeof forceResetPasswordRequest>;
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

// ---- login history ----
/** The request as the server gets it after validation, defaults applied. */
export type LoginHistoryListQuery = z.output<typeof loginHistoryListRequest>;
/** What a caller sends: the paging may be left out (see PageRequest). */
export type LoginHistoryListRequest = Omit<LoginHistoryListQuery, keyof PageRequest> & PageRequest;
export interface LoginHistoryRecord {
  id: string;
  loginTime: string;
  ip: string;
  device: string;
  result: 'SUCCESS' | 'FAILURE';
  failReason: string | null;
}

// ---- merchants ----
export const MERCHANT_PRODUCTS = ['DIRECT_PAYMENT', 'PAYOUT'] as const;
export type MerchantProduct = (typeof MERCHANT_PRODUCTS)[number];

export interface MerchantSummary {
  merchantId: string;
  merchantName: string;
  merchantSignProducts: MerchantProduct;
  /** null for the merchant the user belongs to (the parent). */
  parentMerchantId: string | null;
  /** True for the merchant the session currently acts for. */
  current: boolean;
}

export type SwitchMerchantRequest = z.infer<typeof switchMerchantRequest>;

// ---- current user ----
export interface CurrentUser {
  userId: string;
  email: string;
  name: string;
  roleCode: string;
  roleName: string;
  /** The merchant the user belongs to. */
  homeMerchantId: string;
  homeMerchantName: string;
  /** The merchant the session acts for (the home merchant or one of its sub-merchants). */
  merchantId: string;
  merchantName: string;
  merchantSignProducts: MerchantProduct;
  timeZone: string;
  forceResetPassword: boolean;
  lastLoginTime: string | null;
  twoFactorEnabled: boolean;
  /** The home merchant requires two-factor sign-in and the user has not set it up: nothing else opens until they do. */
  twoFactorSetupRequired: boolean;
}

// ---- menus and permissions ----
export interface MenuPermission {
  permissionCode: string;
  resourceUrl: string;
}
export interface MenuItem {
  menuId: string;
  menuName: string;
  menuUrl: string;
  /** Name of an @ant-design/icons icon, for top-level items. */
  icon: string | null;
  permissions: MenuPermission[];
  childMenus: MenuItem[];
}

export type IsPermissionAllowedRequest = z.infer<typeof isPermissionAllowedRequest>;
export interface IsPermissionAllowedResponse {
  permissions: Record<string, 'ALLOW' | 'DENY'>;
}

// ---- team: invitation (the team screen builds on it) ----
export type InviteMemberRequest = z.infer<typeof inviteMemberRequest>;
export interface InviteMemberResponse {
  userId: string;
  email: string;
  expiresAt: string;
}
