/**
 * Which merchant product (merchantSignProducts) has which pages: the server's menu catalogue
 * (apps/server/src/plugins/menu-catalogue.ts, whose test holds it to this table) gives a merchant
 * only its product's pages, and the web says so when a page is refused for that reason rather than
 * for the user's role (naming the product with code-labels.ts's MERCHANT_PRODUCT_LABELS).
 */
import type { MerchantProduct } from './usercenter';

/** Sections (a path and everything under it) of one product only. */
export const PRODUCT_SECTIONS: Readonly<Record<string, readonly MerchantProduct[]>> = {
  '/transactions': ['DIRECT_PAYMENT'],
  '/settlements': ['DIRECT_PAYMENT'],
  '/subscription': ['DIRECT_PAYMENT'],
  '/services/payin': ['DIRECT_PAYMENT'],
  '/payout': ['PAYOUT'],
  '/services/payout': ['PAYOUT'],
};

/** Pages inside a product's section that the other products have too (the report centre). */
export const SHARED_PAGES: readonly string[] = ['/transactions/reports'];

/** The products that have the page at `path` (a path without query); undefined: every product. */
export function productsOfPage(path: string): readonly MerchantProduct[] | undefined {
  const clean = path.split(/[?#]/)[0].replace(/\/+$/, '') || '/';
  if (SHARED_PAGES.includes(clean)) return undefined;
  let best: string | undefined;
  for (const section of Object.keys(PRODUCT_SECTIONS)) {
    if ((clean === section || clean.startsWith(`${section}/`)) && (!best || section.length > best.length))
      best = section;
  }
  return best ? PRODUCT_SECTIONS[best] : undefined;
}
