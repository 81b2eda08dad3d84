import { z } from 'zod';
import { pageRequestSchema } from './envelope-schemas';
import { LINK_TYPES } from './usercenter';

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
  roleCode: z.string().trim().min(1, 'is required').max(32).regex(/^[A-Z_]+$/, 'must be a role code'),
});

/** A code from the authenticator app (6 digits) or a recovery code (xxxxx-xxxxx); spaces are ignored. */
export const twoFactorCode = z.string().trim().min(6, 'must be a 6-digit code or a recovery code').max(32, 'must be a 6-digit code or a recovery code')
  .transform((code) => code.replace(/\s+/g, ''))
  .refine((code) => /^\d{6}$/.test(code) || /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code), 'must be a 6-digit code or a recovery code');

export const loginTwoFactorRequest = z.object({ challenge: linkToken, code: twoFactorCode });

export const twoFactorCodeRequest = z.object({ code: twoFactorCode });
