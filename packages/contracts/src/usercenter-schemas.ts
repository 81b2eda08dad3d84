import { z } from 'zod';
import { pageRequestSchema, pageSchema } from './envelope-schemas';
import { PERMISSION_VERDICTS } from './permissions';
import { LOCALES } from './locale';
import { LINK_TYPES, MERCHANT_PRODUCTS, THEME_CHOICES } from './usercenter';

/** Request schemas of the user centre's calls (types and paths: usercenter.ts). */
export const email = z.string().trim().toLowerCase().email('must be a valid email address').max(254);

export const password = z.string().min(1, 'is required').max(128, 'must be at most 128 characters');

export const linkToken = z.string().min(16, 'is not a valid link').max(200);

export const loginRequest = z.object({ email, password });

export const forgotPasswordRequest = z.object({ email });

export const checkLinkRequest = z.object({ token: linkToken, type: z.enum(LINK_TYPES) });

export const resetPasswordRequest = z.object({ token: linkToken, password });

export const registerPasswordRequest = z.object({
  token: linkToken,
  name: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  password,
});

export const forceResetPasswordRequest = z.object({ currentPassword: password, newPassword: password });

export const changePasswordRequest = forceResetPasswordRequest;

export const loginHistoryListRequest = pageRequestSchema.extend({
  result: z.enum(['SUCCESS', 'FAILURE']).optional(),
});

export const switchMerchantRequest = z.object({ merchantId: z.string().min(1, 'is required').max(64) });

export const isPermissionAllowedRequest = z.object({
  /** Permission codes joined by commas. */
  permissionCodes: z
    .string()
    .min(1, 'is required')
    .max(2000)
    .regex(/^[A-Z0-9_]+(,[A-Z0-9_]+)*$/, 'must be permission codes joined by commas'),
});

export const inviteMemberRequest = z.object({
  email,
  roleCode: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(32)
    // A built-in role's code or a custom role's (CUSTOM_…: team-schemas.ts roleCode).
    .regex(/^[A-Z][A-Z0-9_]*$/, 'must be a role code'),
});

/** A code from the authenticator app (6 digits) or a recovery code (xxxxx-xxxxx); spaces are ignored. */
export const twoFactorCode = z
  .string()
  .trim()
  .min(6, 'must be a 6-digit code or a recovery code')
  .max(32, 'must be a 6-digit code or a recovery code')
  .transform((code) => code.replace(/\s+/g, ''))
  .refine(
    (code) => /^\d{6}$/.test(code) || /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code),
    'must be a 6-digit code or a recovery code',
  );

export const loginTwoFactorRequest = z.object({ challenge: linkToken, code: twoFactorCode });

export const twoFactorCodeRequest = z.object({ code: twoFactorCode });

export const loginResponseSchema = z.object({
  /** True when the user must set a new password before anything else (force_reset_password). */
  forceResetPassword: z.boolean(),
  /**
   * True when the user has two-factor sign-in: no session yet; send `challenge` with a code from the
   * authenticator app (or a recovery code) to loginTwoFactor within TWO_FACTOR_RULES.challengeMinutes.
   */
  twoFactorRequired: z.boolean(),
  challenge: z.string().nullable(),
});

/** A new secret to scan; it takes effect only once a code from it is confirmed (enable). */
export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code (PNG data URL). */
  qrDataUrl: z.string(),
});

/** Shown once: ten single-use codes for when the phone is not at hand. */
export const twoFactorEnabledSchema = z.object({
  recoveryCodes: z.array(z.string()),
});

export const checkLinkResponseSchema = z.object({
  email: z.string(),
  merchantName: z.string(),
  expiresAt: z.string(),
});

export const loginHistoryRecordSchema = z.object({
  id: z.string(),
  loginTime: z.string(),
  ip: z.string(),
  device: z.string(),
  result: z.enum(['SUCCESS', 'FAILURE']),
  failReason: z.string().nullable(),
});

export const loginHistoryPageSchema = pageSchema(loginHistoryRecordSchema);

export const merchantSummarySchema = z.object({
  merchantId: z.string(),
  merchantName: z.string(),
  merchantSignProducts: z.enum(MERCHANT_PRODUCTS),
  /** null for the merchant the user belongs to (the parent). */
  parentMerchantId: z.string().nullable(),
  /** True for the merchant the session currently acts for. */
  current: z.boolean(),
});

export const currentUserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  roleCode: z.string(),
  roleName: z.string(),
  /** The merchant the user belongs to. */
  homeMerchantId: z.string(),
  homeMerchantName: z.string(),
  /** The merchant the session acts for (the home merchant or one of its sub-merchants). */
  merchantId: z.string(),
  merchantName: z.string(),
  merchantSignProducts: z.enum(MERCHANT_PRODUCTS),
  timeZone: z.string(),
  forceResetPassword: z.boolean(),
  lastLoginTime: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  /** The home merchant requires two-factor sign-in and the user has not set it up: nothing else opens until they do. */
  twoFactorSetupRequired: z.boolean(),
  /** The user's theme choice (the user menu's Theme): system, light or dark. */
  theme: z.enum(THEME_CHOICES),
  /** The user's language (the user menu's Language); null until they choose: the browser's languages decide. */
  locale: z.enum(LOCALES).nullable(),
});

export const saveThemeRequest = z.object({ theme: z.enum(THEME_CHOICES) });

export const saveLocaleRequest = z.object({ locale: z.enum(LOCALES) });

export const menuPermissionSchema = z.object({
  permissionCode: z.string(),
  resourceUrl: z.string(),
});

export const menuItemSchema = z
  .object({
    menuId: z.string(),
    menuName: z.string(),
    menuUrl: z.string(),
    /** Name of an @ant-design/icons icon, for top-level items. */
    icon: z.string().nullable(),
    permissions: z.array(menuPermissionSchema),
    get childMenus(): z.ZodArray<typeof menuItemSchema> {
      return z.array(menuItemSchema);
    },
  })
  .meta({ id: 'MenuItem' });

export const isPermissionAllowedResponseSchema = z.object({
  permissions: z.record(z.string(), z.enum(PERMISSION_VERDICTS)),
});

export const inviteMemberResponseSchema = z.object({
  userId: z.string(),
  email: z.string(),
  expiresAt: z.string(),
});
