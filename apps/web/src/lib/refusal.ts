/**
 * Why the user was refused, in words that name the cause and who can change it: their role (an
 * owner or admin of the merchant can), the merchant's product (the provider can enable it), or the
 * sub-merchants their access is limited to (an owner or admin can widen it). The server answers a
 * refusal with one code (002001B024, HTTP 430) whatever the cause; the client tells product from
 * role with what it knows of the merchant's product (contracts/product-pages).
 */
import { productsOfPage } from '@mbo/contracts/product-pages';
import type { CurrentUser, MerchantProduct } from '@mbo/contracts/usercenter';
import { i18n } from '@/i18n/i18n';
import { intlLocale } from './formats';

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
  const merchantName = user?.merchantName || r('yourMerchant');
  const products = productsOfPage(path);
  if (user && products && !products.includes(user.merchantSignProducts))
    return { kind: 'product', merchantName, product: products[0] };
  return { kind: 'role', merchantName, roleName: user?.roleName };
}

/** The words of common:refusal.* in the language in force. */
const r = (key: string, values: Record<string, unknown> = {}) => i18n.t(`refusal.${key}`, { ns: 'kit', ...values });

/** "A, B and C" in English; the language's own list form (Intl.ListFormat) in another. */
function list(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  if (i18n.language !== 'en' && 'ListFormat' in Intl)
    return new Intl.ListFormat(intlLocale(), { type: 'conjunction' }).format(names);
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The reason and remedy of a refusal, in the language in force. `what` is what was refused, in that
 * language ("this page" when left out).
 */
export function refusalWords(cause: RefusalCause, what = r('thisPage')): RefusalWords {
  switch (cause.kind) {
    case 'product': {
      const product = i18n.t(`MERCHANT_PRODUCTS.${cause.product}`, { ns: 'labels' });
      return {
        reason: r('product', { what: capitalize(what), product, merchant: cause.merchantName }),
        remedy: r('productRemedy'),
      };
    }
    case 'scope':
      return {
        reason: cause.allowed.length
          ? r('scopeThese', { allowed: list(cause.allowed), merchant: cause.merchantName })
          : r('scopeSome', { merchant: cause.merchantName }),
        remedy: r('scopeRemedy', { home: cause.homeMerchantName }),
      };
    default:
      return {
        reason: cause.roleName
          ? r('roleNamed', { role: cause.roleName, merchant: cause.merchantName, what })
          : r('role', { merchant: cause.merchantName, what }),
        remedy: r('roleRemedy', { merchant: cause.merchantName }),
      };
  }
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
