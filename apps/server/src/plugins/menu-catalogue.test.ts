import { describe, expect, it } from 'vitest';
import { MERCHANT_PRODUCTS, type MerchantProduct } from '@mbo/contracts/usercenter';
import { productsOfPage } from '@mbo/contracts/product-pages';
import { MENU_CATALOGUE, type MenuDefinition } from './menu-catalogue';

/** Every page of the catalogue (menu URLs and PAGE_* permissions) → the products whose menus have it. */
function pageProducts(): Map<string, Set<MerchantProduct>> {
  const out = new Map<string, Set<MerchantProduct>>();
  const add = (url: string, products: readonly MerchantProduct[]) => {
    const set = out.get(url) ?? new Set<MerchantProduct>();
    for (const p of products) set.add(p);
    out.set(url, set);
  };
  const walk = (defs: readonly MenuDefinition[], inherited: readonly MerchantProduct[]) => {
    for (const def of defs) {
      const products = inherited.filter((p) => !def.products || def.products.includes(p));
      add(def.url, products);
      for (const perm of def.permissions ?? []) if (perm.code.startsWith('PAGE_')) add(perm.url, products);
      walk(def.children ?? [], products);
    }
  };
  walk(MENU_CATALOGUE, MERCHANT_PRODUCTS);
  return out;
}

describe('menu catalogue and the product table the web reads (contracts/product-pages)', () => {
  it('gives each page to exactly the products productsOfPage names', () => {
    for (const [url, products] of pageProducts()) {
      const expected = productsOfPage(url) ?? MERCHANT_PRODUCTS;
      expect([...products].sort(), url).toEqual([...expected].sort());
    }
  });

  it('says /payout/create is a Payouts page, the report centre every product’s', () => {
    expect(productsOfPage('/payout/create')).toEqual(['PAYOUT']);
    expect(productsOfPage('/transactions/payments_detail?paymentId=1')).toEqual(['DIRECT_PAYMENT']);
    expect(productsOfPage('/transactions/reports')).toBeUndefined();
    expect(productsOfPage('/settings/team')).toBeUndefined();
  });
});
