/** The pages of the roles matrix as the Roles tab and the role form show them. */
import { codeLabel, MERCHANT_PRODUCT_LABELS } from '@mbo/contracts/code-labels';
import type { RoleMatrixPage } from '@mbo/contracts/team';
import type { MerchantProduct } from '@mbo/contracts/usercenter';

/** The tag of a page only some merchants have. */
const PRODUCT_ONLY: Record<MerchantProduct, string> = { DIRECT_PAYMENT: 'Card payments only', PAYOUT: 'Payouts only' };

export function productTagText(products: readonly MerchantProduct[] | null): string | null {
  if (!products?.length) return null;
  if (products.length === 1)
    return PRODUCT_ONLY[products[0]] ?? `${codeLabel(MERCHANT_PRODUCT_LABELS, products[0])} only`;
  return `${products.map((p) => codeLabel(MERCHANT_PRODUCT_LABELS, p)).join(' and ')} only`;
}

export interface Section {
  /** null: the top-level pages (Home), shown without a section row. */
  name: string | null;
  pages: RoleMatrixPage[];
}

/** The pages under their sections, in the server's (the menu's) order. */
export function groupBySection(pages: readonly RoleMatrixPage[]): Section[] {
  const sections = new Map<string | null, Section>();
  for (const page of pages) {
    const section = sections.get(page.section) ?? { name: page.section, pages: [] };
    section.pages.push(page);
    sections.set(page.section, section);
  }
  return [...sections.values()];
}
