import { MEMBER_STATUS_LABELS } from '@mbo/contracts/code-labels';
import type { MemberRecord, MemberStatus } from '@mbo/contracts/team';
import type { MerchantSummary } from '@mbo/contracts/usercenter';
import type { StatusTone } from '@/components/list/status-tag';
import { displayDay } from '@/lib/display-day';
import { dayInZone } from '@/lib/zoned-date';

export const MEMBER_STATUS_LABEL: Readonly<Record<MemberStatus, string>> = MEMBER_STATUS_LABELS;
export const MEMBER_STATUS_TONE: Readonly<Record<MemberStatus, StatusTone>> = {
  INVITED: 'processing',
  ACTIVE: 'success',
  DISABLED: 'default',
};

/**
 * What a member row is called in labels ("Actions for …"): the name, or the email of an invitation not yet accepted.
 */
export function memberLabel(m: Pick<MemberRecord, 'name' | 'email'>): string {
  return m.name.trim() || m.email;
}

/**
 * An INVITED member's link: "expires 14 May 2026" (the day in the merchant's zone), or "expired" once
 * it no longer works (no open link, or its time has passed). Null for other statuses.
 */
export function inviteExpiryText(
  m: Pick<MemberRecord, 'status' | 'inviteExpiresAt'>,
  timeZone: string | null | undefined,
  now: Date = new Date(),
): string | null {
  if (m.status !== 'INVITED') return null;
  const at = m.inviteExpiresAt ? new Date(m.inviteExpiresAt) : null;
  if (!at || Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) return 'expired';
  return `expires ${displayDay(dayInZone(timeZone, at))}`;
}

/** The sub-merchants of the active merchant (the ones a member's access is about). */
export function subMerchantsOf(
  list: readonly MerchantSummary[],
  activeMerchantId: string | undefined,
): MerchantSummary[] {
  return list.filter((m) => m.parentMerchantId !== null && m.parentMerchantId === activeMerchantId);
}

/**
 * "All sub-merchants", "2 of 3 sub-merchants" or "No sub-merchants": a member's access, counting only sub-merchants
 * that still exist.
 */
export function accessText(
  m: Pick<MemberRecord, 'allSubMerchants' | 'subMerchantIds'>,
  subMerchants: readonly Pick<MerchantSummary, 'merchantId'>[],
): string {
  if (m.allSubMerchants) return 'All sub-merchants';
  const ids = new Set(subMerchants.map((s) => s.merchantId));
  const n = m.subMerchantIds.filter((id) => ids.has(id)).length;
  if (n === 0) return 'No sub-merchants';
  return `${n} of ${subMerchants.length} sub-merchant${subMerchants.length === 1 ? '' : 's'}`;
}
