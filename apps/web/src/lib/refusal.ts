/**
 * Why the user was refused, in words that name the cause and who can change it: their role (an
 * owner or admin of the merchant can), the merchant's product (the provider can enable it), or the
 * sub-merchants their access is limited to (an owner or admin can widen it). The server answers a
 * refusal with one code (002001B024, HTTP 430) whatever the cause; the client tells product from
 * role with what it knows of the merchant's product (contracts/product-pages).
 */
import { MERCHANT_PRODUCT_LABELS } from '@mbo/contracts/code-labels';
import { productsOfPage } from '@mbo/contracts/product-pages';
import type { CurrentUser, MerchantProduct } from '@mbo/contracts/usercenter';

export type RefusalCause =
  | { kind: 'role'; merchantName: string; roleName?: string }
  | { kind: 'product'; merchantName: string; product: MerchantProduct }
  | { kind: 'scope'; homeMerchantName: string; merchantName: string; allowed: readonly string[] };

export interface RefusalWords {
  /** What stopped the user. */
  reason: string;
  /** Who can change it. */
  remedy: string;
}

/** Why `path` is refused to the user: the product when the merchant's product has no such page, else the role. */
export function pageRefusalCause(
  path: string,
  user: Pick<CurrentUser, 'merchantName' | 'merchantSignProducts' | 'roleName'> | null,
): RefusalCause {
  const merchantName = user?.merchantName || 'your merchant';
  const products = productsOfPage(path);
  if (user && products && !products.includes(user.merchantSignProducts))
    return { kind: 'product', merchantName, product: products[0] };
  return { kind: 'role', merchantName, roleName: user?.roleName };
}

function list(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export function refusalWords(cause: RefusalCause, what = 'this page'): RefusalWords {
  switch (cause.kind) {
    case 'product': {
      const product = MERCHANT_PRODUCT_LABELS[cause.product];
      return {
        reason: `${capitalize(what)} is part of the ${product} product, which ${cause.merchantName} does not have.`,
        remedy: 'Contact your account manager at the provider to enable it.',
      };
    }
    case 'scope':
      return {
        reason: `Your access is limited to ${
          cause.allowed.length ? `these sub-merchants: ${list(cause.allowed)}` : 'some sub-merchants'
        }, and ${cause.merchantName} is not one of them.`,
        remedy: `An owner or admin of ${cause.homeMerchantName} can widen it.`,
      };
    default:
      return {
        reason: `Your role${cause.roleName ? ` (${cause.roleName})` : ''} at ${cause.merchantName} does not include ${what}.`,
        remedy: `Ask an owner or admin of ${cause.merchantName} to give your role access to it.`,
      };
  }
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
