import { Tabs } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { AUDIT_LOG_LIST } from '@mbo/contracts/lists/audit-log-list';
import { MEMBERS_LIST } from '@mbo/contracts/lists/members-list';
import { readListQuery } from '@/components/list/list-request';
import PageHeader from '@/components/page-header';
import { useGlobalState } from '@/lib/global-state';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { auditLogQueryOptions } from '../api/audit-log-api';
import { merchantSecurityQueryOptions } from '../api/security-api';
import { roleMatrixQueryOptions } from '../api/roles-api';
import { AuditLogTab, auditLogRequest } from '../components/audit-log-tab';
import { MembersTab, membersQueries } from '../components/members-tab';
import { RolesMatrix } from '../components/roles-matrix';
import '../components/team.css';

export const AUDIT_PERMISSION = 'PAGE_AUDIT_LOG';

export type TeamTab = 'members' | 'roles' | 'audit';

/**
 * The tab the URL asks for (`?tab=roles`, `?tab=audit`); Members otherwise, and for the audit log without
 * PAGE_AUDIT_LOG.
 */
export function teamTabOf(raw: string | null, canSeeAudit: boolean): TeamTab {
  if (raw === 'roles') return 'roles';
  if (raw === 'audit' && canSeeAudit) return 'audit';
  return 'members';
}

export const prefetch: PagePrefetch = ({ queryClient, search, timeZone }) => {
  const tab = search.get('tab');
  if (tab === 'roles') {
    void queryClient.prefetchQuery(roleMatrixQueryOptions());
  } else if (tab === 'audit') {
    void queryClient.prefetchQuery(
      auditLogQueryOptions(auditLogRequest(readListQuery(AUDIT_LOG_LIST, search), timeZone), { quiet: true }),
    );
  } else {
    const queries = membersQueries(readListQuery(MEMBERS_LIST, search), true);
    void queryClient.prefetchQuery(queries.page);
    void queryClient.prefetchQuery(queries.counts);
    void queryClient.prefetchQuery(merchantSecurityQueryOptions());
    // The role filter's custom roles.
    void queryClient.prefetchQuery(roleMatrixQueryOptions());
  }
};

/**
 * /settings/team: Members (MEMBERS_LIST, invitations, roles and status of each member, the two-factor
 * rule), Roles (what each role grants) and, with PAGE_AUDIT_LOG, the Audit log. `?tab=` holds the
 * tab; switching tabs drops the other tab's filters, page and sort, and only the active tab is mounted.
 */
export default function TeamPage() {
  const { t } = useTranslation('team', { keyPrefix: 'page' });
  const { hasPermission } = useGlobalState();
  const [search, setSearch] = useSearchParams();
  const canSeeAudit = hasPermission(AUDIT_PERMISSION);
  const tab = teamTabOf(search.get('tab'), canSeeAudit);
  const items = [
    { key: 'members', label: t('tabs.members'), children: <MembersTab /> },
    { key: 'roles', label: t('tabs.roles'), children: <RolesMatrix /> },
    ...(canSeeAudit ? [{ key: 'audit', label: t('tabs.audit'), children: <AuditLogTab /> }] : []),
  ];
  return (
    <>
      <PageHeader eyebrow={t('eyebrow')} title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        className="mbo-team-tabs"
        activeKey={tab}
        onChange={(key) => setSearch(key === 'members' ? {} : { tab: key })}
        items={items}
        destroyOnHidden
      />
    </>
  );
}
