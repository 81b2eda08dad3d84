/** The pages of the roles matrix as the Roles tab and the role form show them. */
import type { TFunction } from 'i18next';
import type { RoleMatrixPage } from '@mbo/contracts/team';
import type { MerchantProduct } from '@mbo/contracts/usercenter';
import type { LabelKind } from '@/i18n/use-label';

/** The key (under team:roles) of the tag of a page only some merchants have. */
const PRODUCT_ONLY: Record<MerchantProduct, string> = { DIRECT_PAYMENT: 'onlyDirectPayment', PAYOUT: 'onlyPayout' };

/** The tag of a page only some merchants have, in the language in force ("Payouts only"). */
export function productTagText(
  t: TFunction,
  label: (kind: LabelKind, code: string) => string,
  products: readonly MerchantProduct[] | null,
): string | null {
  if (!products?.length) return null;
  const words = (p: MerchantProduct) => label('MERCHANT_PRODUCTS', p);
  if (products.length === 1) {
    const only = PRODUCT_ONLY[products[0]];
    return only ? t(`roles.${only}`, { ns: 'team' }) : t('roles.only', { ns: 'team', products: words(products[0]) });
  }
  return t('roles.only', { ns: 'team', products: products.map(words).join(t('roles.and', { ns: 'team' })) });
}

/** A page's name in the language in force: the menu's words for it (the server's English for a page they lack). */
export function pageName(t: TFunction, page: Pick<RoleMatrixPage, 'menuId' | 'name'>): string {
  return t(`menu.${page.menuId}`, { ns: 'shell', defaultValue: page.name });
}

/** A section's name in the language in force (the menu's words for it); null for the top-level pages. */
export function sectionName(t: TFunction, section: Section): string | null {
  if (section.name === null) return null;
  return section.menuId ? t(`menu.${section.menuId}`, { ns: 'shell', defaultValue: section.name }) : section.name;
}

export interface Section {
  /** null: the top-level pages (Home), shown without a section row. */
  name: string | null;
  /** The section's id in the menu (the shell's `menu.<id>`). */
  menuId: string | null;
  pages: RoleMatrixPage[];
}

/** The pages under their sections, in the server's (the menu's) order. */
export function groupBySection(pages: readonly RoleMatrixPage[]): Section[] {
  const sections = new Map<string | null, Section>();
  for (const page of pages) {
    const section = sections.get(page.section) ?? { name: page.section, menuId: page.sectionMenuId, pages: [] };
    section.pages.push(page);
    sections.set(page.section, section);
  }
  return [...sections.values()];
}
