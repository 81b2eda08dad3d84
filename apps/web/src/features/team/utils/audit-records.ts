/**
 * How the audit log shows an event: its action's label, the record it names (and the page that
 * record has, when the user may open it), and its detail as label/value pairs.
 */
import type { TFunction } from 'i18next';
import { AUDIT_ACTIONS, AUDIT_OUTCOMES, type AuditRecord } from '@mbo/contracts/team';
import { humanizeStatus } from '@/components/list/status-tag';
import type { LabelKind } from '@/i18n/use-label';
import { recordPagePath } from '@/lib/record-pages';

type Label = (kind: LabelKind, code: string) => string;

/** "MEMBER_ROLE_CHANGED" → "Role changed"; an action the labels do not know yet reads as its words. */
export function auditActionLabel(label: Label, action: string): string {
  return label('AUDIT_ACTIONS', action);
}

/** The words of the audit log's status-set filters in the language in force: outcomes and actions. */
export function auditFilterLabels(label: Label): Record<string, string> {
  return Object.fromEntries([
    ...AUDIT_OUTCOMES.map((o) => [o, label('AUDIT_OUTCOMES', o)]),
    ...AUDIT_ACTIONS.map((a) => [a, label('AUDIT_ACTIONS', a)]),
  ]);
}

/** "PAYOUT_BATCH" → "Payout batch" (team:audit.records), a type not known yet as its words. */
export function auditRecordLabel(t: TFunction, targetType: string): string {
  const type = targetType.toUpperCase();
  return t(`audit.records.${type}`, { ns: 'team', defaultValue: humanizeStatus(type) });
}

/** Where the event's record opens, or null: no page of its own, or one the user's role cannot open (authUrls). */
export function auditRecordHref(
  record: Pick<AuditRecord, 'targetType' | 'targetId'>,
  authUrls: readonly string[],
): string | null {
  return recordPagePath(record.targetType, record.targetId, authUrls);
}

/**
 * The text a record is named by: a user by the email the event holds when it has one, a role by its name, else
 * the id.
 */
export function auditRecordText(record: Pick<AuditRecord, 'targetType' | 'targetId' | 'detail'>): string | null {
  if (!record.targetId) return null;
  const type = record.targetType?.toUpperCase();
  const email = record.detail?.email;
  if (type === 'USER' && typeof email === 'string' && email) return email;
  const name = record.detail?.name;
  if (type === 'ROLE' && typeof name === 'string' && name) return name;
  return record.targetId;
}

/** "roleCode" → "Role code", "ip_address" → "Ip address", "via" → "Via". */
export function humanizeDetailKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/** A detail value as text: words as they are, lists joined, yes/no for flags, nested objects as compact JSON. */
export function detailValueText(t: TFunction, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return t(value ? 'audit.yes' : 'audit.no', { ns: 'team' });
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.length ? value.map((v) => detailValueText(t, v)).join(', ') : '—';
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** The event's detail as label/value pairs, in the order the server wrote them. */
export function auditDetailEntries(
  t: TFunction,
  detail: Record<string, unknown> | null | undefined,
): [label: string, value: string][] {
  return Object.entries(detail ?? {}).map(([key, value]) => [
    t(`audit.detailKeys.${key}`, { ns: 'team', defaultValue: humanizeDetailKey(key) }),
    detailValueText(t, value),
  ]);
}
