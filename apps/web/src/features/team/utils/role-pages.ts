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

/**
 * The id of each page of the roles matrix in the menu (the shell's menu words, `shell:menu.<id>`); a section's id
 * is its pages' first path segment.
 */
const PAGE_MENU_IDS: Readonly<Record<string, string>> = {
  '/home': 'home',
  '/transactions/payments': 'payments',
  '/transactions/refunds': 'refunds',
  '/transactions/payment_link': 'payment-links',
  '/transactions/disputes': 'disputes',
  '/transactions/reports': 'reports',
  '/transactions/faq': 'faq',
  '/settlements/history': 'settlement-history',
  '/settlements/batch': 'settlement-batches',
  '/settlements/estimation': 'settlement-estimation',
  '/settlements/calendar': 'settlement-calendar',
  '/account/balance': 'balance',
  '/account/withdraw': 'withdraw',
  '/payout/create': 'payout-create',
  '/payout/history': 'payout-history',
  '/subscription/agreements': 'agreements',
  '/services/payin': 'services-payin',
  '/services/payout': 'services-payout',
  '/settings/team': 'team',
  '/settings/bank-accounts': 'bank-accounts',
  '/settings/integration': 'integration',
};

/** A page's name in the language in force (the server's words for a page the menu does not know). */
export function pageName(t: TFunction, page: Pick<RoleMatrixPage, 'menuUrl' | 'name'>): string {
  const id = PAGE_MENU_IDS[page.menuUrl];
  return id ? t(`menu.${id}`, { ns: 'shell', defaultValue: page.name }) : page.name;
}

/** A section's name in the language in force, from its first page's path ("/payout/…" → "payout"). */
export function sectionName(t: TFunction, section: Section): string | null {
  if (section.name === null) return null;
  const id = section.pages[0]?.menuUrl.split('/')[1];
  return id ? t(`menu.${id}`, { ns: 'shell', defaultValue: section.name }) : section.name;
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
