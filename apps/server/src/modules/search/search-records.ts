/**
 * The global search (contracts search.ts): reads the query (search-query.ts planSearch), keeps the
 * branches of the kinds the user may read in the active merchant (the grants of each kind's own list and
 * detail routes), and runs them as one statement, each branch capped (search-branches.ts).
 *
 * @reads merchants
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  SEARCH_KINDS,
  SEARCH_LIMIT_PER_KIND,
  type SearchGroup,
  type SearchKind,
  type SearchMatch,
  type SearchResult,
  type SearchResults,
} from '@mbo/contracts/search';
import { planSearch, type SearchPlan } from '@mbo/contracts/search-query';
import type { DbOrTx } from '../../db/client';
import { allows } from '../../plugins/route-access';
import type { AuthContext } from '../../plugins/session-store';
import type { RouteAccess } from '../../plugins/types';
import {
  apiKeysByPrefix,
  byId,
  paymentsByAmount,
  paymentsByCardAmount,
  paymentsByEmailPrefix,
  paymentsByOrderNo,
  payoutsByReference,
  withdrawalsByReference,
} from './search-branches';

type Grant = Exclude<RouteAccess, 'public' | 'api-key' | 'signed-in'>;

/**
 * What a user needs to find a kind: the grants of its list route and of its detail route (the page it
 * opens), as those routes declare them (modules/<kind>/routes.ts) and the web app's pages check them.
 */
export const KIND_GRANTS: Readonly<Record<SearchKind, readonly Grant[]>> = {
  PAYMENT: [{ menu: '/transactions/payments' }, { permission: 'PAGE_PAYMENTS_DETAIL' }],
  REFUND: [{ menu: '/transactions/refunds' }, { permission: 'PAGE_REFUNDS_DETAIL' }],
  DISPUTE: [{ menu: '/transactions/disputes' }, { permission: 'PAGE_DISPUTES_DETAIL' }],
  SETTLEMENT: [{ menu: '/settlements/history' }, { permission: 'PAGE_SETTLEMENT_DETAIL' }],
  BATCH: [{ menu: '/settlements/batch' }],
  WITHDRAWAL: [{ menu: '/account/withdraw' }],
  PAYOUT: [{ menu: '/payout/history' }, { permission: 'PAGE_PAYOUT_DETAIL' }],
  PAYOUT_BATCH: [{ menu: '/payout/history' }, { permission: 'PAGE_PAYOUT_BATCH_DETAIL' }],
  AGREEMENT: [{ menu: '/subscription/agreements' }, { permission: 'PAGE_AGREEMENT_DETAIL' }],
  PAYMENT_LINK: [{ menu: '/transactions/payment_link' }, { permission: 'PAGE_PAYMENT_LINK_DETAIL' }],
  API_KEY: [{ menu: '/settings/integration' }],
  WEBHOOK_EVENT: [{ menu: '/settings/integration' }],
};

/** The kinds the signed-in user may read in the active merchant. */
export function readableKinds(auth: AuthContext): Set<SearchKind> {
  return new Set(SEARCH_KINDS.filter((kind) => KIND_GRANTS[kind].every((grant) => allows(auth, grant))));
}

/** The branches of a plan among the readable kinds; each reads at most `limit` rows. */
export function branchesOf(plan: SearchPlan, merchantId: string, kinds: Set<SearchKind>, limit: number): SQL[] {
  const out: SQL[] = [];
  for (const { kind, id } of plan.ids) if (kinds.has(kind)) out.push(byId(kind, merchantId, id, limit));
  if (kinds.has('PAYMENT')) {
    if (plan.reference) out.push(paymentsByOrderNo(merchantId, plan.reference, limit));
    if (plan.emailPrefix) out.push(paymentsByEmailPrefix(merchantId, plan.emailPrefix, limit));
    if (plan.cardAmount)
      out.push(paymentsByCardAmount(merchantId, plan.cardAmount.last4, plan.cardAmount.amounts, limit));
    if (plan.amount) out.push(paymentsByAmount(merchantId, plan.amount, limit));
  }
  if (plan.reference && kinds.has('PAYOUT')) out.push(...payoutsByReference(merchantId, plan.reference, limit));
  if (plan.reference && kinds.has('WITHDRAWAL')) out.push(withdrawalsByReference(merchantId, plan.reference, limit));
  if (plan.keyPrefix && kinds.has('API_KEY')) out.push(apiKeysByPrefix(merchantId, plan.keyPrefix, limit));
  return out;
}

interface Row {
  kind: SearchKind;
  id: string;
  reference: string | null;
  status: string | null;
  amount: string | number | null;
  currency: string | null;
  created_at: string | Date;
  matched_by: SearchMatch;
  endpoint_id: string | null;
  merchant_name: string;
}

const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();

/** Finds the records of the active merchant the query names, grouped by kind (only kinds that found any). */
export async function searchRecords(db: DbOrTx, auth: AuthContext, query: string): Promise<SearchResults> {
  const plan = planSearch(query);
  // One row over the cap tells a group it has more.
  const branches = branchesOf(plan, auth.merchantId, readableKinds(auth), SEARCH_LIMIT_PER_KIND + 1);
  if (!branches.length) return { query, groups: [] };
  const result = (await db.execute(sql`
    SELECT r.*, m.name AS merchant_name
    FROM (${sql.join(branches, sql` UNION ALL `)}) r
    CROSS JOIN (SELECT name FROM merchants WHERE id = ${auth.merchantId}) m`)) as unknown as { rows: Row[] };
  return { query, groups: groupRows(result.rows, auth.merchantId) };
}

/** Rows of the branches → groups in SEARCH_KINDS order, each newest first, a record once, at most the cap. */
function groupRows(rows: Row[], merchantId: string): SearchGroup[] {
  const byKind = new Map<SearchKind, Map<string, SearchResult>>();
  for (const r of rows) {
    const seen = byKind.get(r.kind) ?? new Map<string, SearchResult>();
    byKind.set(r.kind, seen);
    if (seen.has(r.id)) continue;
    seen.set(r.id, {
      kind: r.kind,
      id: r.id,
      reference: r.reference,
      status: r.status,
      amount: r.amount === null ? null : Number(r.amount),
      currency: r.currency,
      createdAt: iso(r.created_at),
      merchantId,
      merchantName: r.merchant_name,
      matchedBy: r.matched_by,
      endpointId: r.endpoint_id,
    });
  }
  return SEARCH_KINDS.flatMap((kind) => {
    const found = [...(byKind.get(kind)?.values() ?? [])];
    if (!found.length) return [];
    // An exact id first, then the newest.
    found.sort(
      (a, b) => Number(b.matchedBy === 'ID') - Number(a.matchedBy === 'ID') || b.createdAt.localeCompare(a.createdAt),
    );
    return [{ kind, records: found.slice(0, SEARCH_LIMIT_PER_KIND), more: found.length > SEARCH_LIMIT_PER_KIND }];
  });
}
