import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { PRODUCT } from '@mbo/contracts/product';
import { TWO_FACTOR_RULES } from '@mbo/contracts/usercenter';

/**
 * TOTP (RFC 6238) through otplib: 6 digits, 30-second steps, SHA-1 (what authenticator apps
 * read). A code is accepted one step either side of now, and only for a step later than the last
 * one accepted (the caller stores that step: a code cannot be used twice).
 */
export function newTotpSecret(): string {
  return generateSecret();
}

export function otpauthUrl(secret: string, email: string): string {
  return generateURI({
    issuer: PRODUCT.name,
    label: email,
    secret,
    digits: TWO_FACTOR_RULES.digits,
    period: TWO_FACTOR_RULES.periodSeconds,
  });
}

/** The otpauth URL as a PNG data URL, for the setup screen. */
export function qrDataUrl(url: string): Promise<string> {
  return QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
}

/** The time step of a code valid at `now` (ms, the app's clock) within ±1 step and after `afterStep`, or null. */
export async function totpStep(
  secret: string,
  code: string,
  afterStep: number | null,
  now: number,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now / 1000),
      period: TWO_FACTOR_RULES.periodSeconds,
      epochTolerance: TWO_FACTOR_RULES.periodSeconds,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}
