import type { TFunction } from 'i18next';
import {
  MEMBER_STATUSES,
  ROLE_CODES,
  type MemberRecord,
  type MemberStatus,
  type RoleMatrixRole,
} from '@mbo/contracts/team';
import type { MerchantSummary } from '@mbo/contracts/usercenter';
import type { StatusTone } from '@/components/list/status-tag';
import { displayDay } from '@/lib/display-day';
import { dayInZone } from '@/lib/zoned-date';
import type { LabelKind } from '@/i18n/use-label';

type Label = (kind: LabelKind, code: string) => string;
export const MEMBER_STATUS_TONE: Readonly<Record<MemberStatus, StatusTone>> = {
  INVITED: 'processing',
  ACTIVE: 'success',
  DISABLED: 'default',
};

/**
 * The words of the members list's status-set filters and tiles in the language in force: member statuses, built-in
 * role codes and the merchant's custom roles by their names (the codes of the two filters do not overlap).
 */
export function memberFilterLabels(
  label: Label,
  customRoles: readonly Pick<RoleMatrixRole, 'code' | 'name'>[] = [],
): Record<string, string> {
  return Object.fromEntries([
    ...MEMBER_STATUSES.map((s) => [s, label('MEMBER_STATUSES', s)]),
    ...ROLE_CODES.map((c) => [c, label('ROLE_CODES', c)]),
    ...customRoles.map((r) => [r.code, r.name]),
  ]);
}

/** A role's name: a built-in role's in the language in force, a custom role's as its owner named it. */
export function roleNameOf(label: Label, code: string, name: string): string {
  return (ROLE_CODES as readonly string[]).includes(code) ? label('ROLE_CODES', code) : name;
}

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
  t: TFunction,
  m: Pick<MemberRecord, 'status' | 'inviteExpiresAt'>,
  timeZone: string | null | undefined,
  now: Date = new Date(),
): string | null {
  if (m.status !== 'INVITED') return null;
  const at = m.inviteExpiresAt ? new Date(m.inviteExpiresAt) : null;
  if (!at || Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) return t('members.expired', { ns: 'team' });
  return t('members.expires', { ns: 'team', day: displayDay(dayInZone(timeZone, at)) });
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
  t: TFunction,
  m: Pick<MemberRecord, 'allSubMerchants' | 'subMerchantIds'>,
  subMerchants: readonly Pick<MerchantSummary, 'merchantId'>[],
): string {
  if (m.allSubMerchants) return t('members.accessAll', { ns: 'team' });
  const ids = new Set(subMerchants.map((s) => s.merchantId));
  const n = m.subMerchantIds.filter((id) => ids.has(id)).length;
  if (n === 0) return t('members.accessNone', { ns: 'team' });
  return t('members.accessSome', { ns: 'team', n, count: subMerchants.length });
}
