import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from '@/i18n/use-translation';
import type { ListMembersRequest, MemberRecord } from '@mbo/contracts/team';
import { ConfirmCallModal, type ConfirmCall } from '@/components/confirm-call-modal';
import GuardedButton from '@/components/guarded-button';
import ListPage from '@/components/list/list-page';
import { toApiFilters, type ListQuery } from '@/components/list/list-request';
import { useListState } from '@/components/list/use-list-state';
import { useLabel } from '@/i18n/use-label';
import { useGlobalState } from '@/lib/global-state';
import { listMembersQueryOptions, memberStatusCountsQueryOptions, type MemberFilters } from '../api/members-api';
import { useRefreshTeam } from '../api/refresh-team';
import { roleMatrixQueryOptions } from '../api/roles-api';
import { memberActions, type MemberAction } from '../utils/member-actions';
import { MEMBER_STATUS_TONE, memberFilterLabels, roleNameOf, subMerchantsOf } from '../utils/member-status';
import { membersListWith, urlRoleCodes, type MembersList } from '../utils/members-list';
import { ChangeRoleModal } from './change-role-modal';
import { InviteMemberModal } from './invite-member-modal';
import { memberConfirmCall } from './member-confirm-call';
import { membersTable } from './members-table';
import { SubMerchantAccessModal } from './sub-merchant-access-modal';
import { TeamSecurityCard } from './team-security-card';
import '@/components/list/list.css';
import './team.css';

/**
 * The members tab's two calls: the rows, and the status tiles' counts (the same filters, the role
 * among them, but the status). A custom role the URL names is sent before the merchant's roles are read.
 */
export function membersQueries(list: ListQuery<MembersList>, quiet = false) {
  // No date filter: the zone plays no part in the request.
  const filters = toApiFilters(membersListWith(urlRoleCodes(list.filters)), list.filters, null) as MemberFilters;
  const { status: _status, ...withoutStatus } = filters;
  const request = { ...filters, pageNum: list.pageNum, pageSize: list.pageSize, sort: list.sort } as ListMembersRequest;
  return { page: listMembersQueryOptions(request, { quiet }), counts: memberStatusCountsQueryOptions(withoutStatus) };
}

/**
 * Settings → Team → Members: the two-factor rule, then MEMBERS_LIST (its role filter with the merchant's custom
 * roles) rendered by the list kit (in a
 * tab: ListPage's embedded header): saved views, columns and "Invite member" (API_MEMBER_ADD), the
 * status tiles, the filters and the table with each row's actions (API_MEMBER_UPDATE).
 */
export function MembersTab() {
  const { t } = useTranslation('team');
  const label = useLabel();
  const { user, subMerchantList, hasPermission } = useGlobalState();
  const tz = user?.timeZone;
  const isOwner = user?.roleCode === 'OWNER';
  const canUpdate = hasPermission('API_MEMBER_UPDATE');
  const subMerchants = subMerchantsOf(subMerchantList, user?.merchantId);
  // The role filter offers the merchant's custom roles too (the Roles tab's call, one cache for both tabs).
  const matrix = useQuery(roleMatrixQueryOptions());
  const customRoles = useMemo(() => (matrix.data?.roles ?? []).filter((r) => r.baseCode !== null), [matrix.data]);
  const def = useMemo(() => membersListWith(customRoles.map((r) => r.code)), [customRoles]);
  const list = useListState(def);
  const queries = membersQueries(list);
  const page = useQuery({ ...queries.page, placeholderData: keepPreviousData });
  const counts = useQuery({ ...queries.counts, placeholderData: keepPreviousData });

  const [inviting, setInviting] = useState(false);
  const [roleFor, setRoleFor] = useState<MemberRecord | null>(null);
  const [accessFor, setAccessFor] = useState<MemberRecord | null>(null);
  const [confirm, setConfirm] = useState<ConfirmCall | null>(null);
  const refresh = useRefreshTeam();
  const onAction = (action: MemberAction, m: MemberRecord) => {
    if (action === 'changeRole') setRoleFor(m);
    else if (action === 'access') setAccessFor(m);
    else setConfirm(memberConfirmCall(t, roleNameOf(label, m.roleCode, m.roleName), action, m, () => void refresh()));
  };
  const table = membersTable({
    t,
    label,
    timeZone: tz,
    subMerchants,
    actionsOf: canUpdate
      ? (m) => memberActions(m, { canUpdate, isOwner, hasSubMerchants: subMerchants.length > 0 })
      : null,
    onAction,
  });
  return (
    <div className="mbo-team-members">
      <TeamSecurityCard />
      <ListPage<MemberRecord>
        list={list}
        header={{ embedded: true, title: t('members.title') }}
        query={page}
        statusLabels={memberFilterLabels(label, customRoles)}
        statusTones={MEMBER_STATUS_TONE}
        tileCounts={{ data: counts.data, loading: counts.isFetching }}
        actions={
          <GuardedButton
            type="primary"
            icon={<UserAddOutlined aria-hidden="true" />}
            blocked={hasPermission('API_MEMBER_ADD') ? null : t('members.noAddPermission')}
            onClick={() => setInviting(true)}
          >
            {t('members.invite')}
          </GuardedButton>
        }
        {...table}
      />
      <InviteMemberModal open={inviting} onClose={() => setInviting(false)} />
      <ChangeRoleModal member={roleFor} onClose={() => setRoleFor(null)} />
      <SubMerchantAccessModal member={accessFor} subMerchants={subMerchants} onClose={() => setAccessFor(null)} />
      <ConfirmCallModal pending={confirm} onClose={() => setConfirm(null)} />
    </div>
  );
}
