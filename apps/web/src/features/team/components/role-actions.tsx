import { Button } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import type { RoleMatrixRole } from '@mbo/contracts/team';
import type { ConfirmCall } from '@/components/confirm-call-modal';
import GuardedButton from '@/components/guarded-button';
import MenuButton from '@/components/menu-button';
import { deleteRole } from '../api/roles-api';

/** What can be done to a custom role (API_ROLE_MANAGE; the server checks every one again). */
export type RoleAction = 'edit' | 'delete';

const LABEL: Readonly<Record<RoleAction, string>> = { edit: 'Edit role', delete: 'Delete role' };
export const OWN_ROLE = 'You cannot edit or delete the role you hold yourself. Ask another owner or admin.';

/** A custom role's menu in its column head: edit, delete; disabled with the reason on one's own role. */
export function RoleActions({
  role,
  mine,
  onAction,
}: {
  role: RoleMatrixRole;
  mine: boolean;
  onAction: (action: RoleAction, role: RoleMatrixRole) => void;
}) {
  const label = `Actions for role ${role.name}`;
  if (mine)
    return <GuardedButton type="text" size="small" icon={<MoreOutlined />} aria-label={label} blocked={OWN_ROLE} />;
  return (
    <MenuButton
      menu={{
        items: (['edit', 'delete'] as const).map((a) => ({ key: a, label: LABEL[a], danger: a === 'delete' })),
        onClick: ({ key }) => onAction(key as RoleAction, role),
      }}
    >
      <Button type="text" size="small" icon={<MoreOutlined />} aria-label={label} />
    </MenuButton>
  );
}

/**
 * The confirmation of a custom role's delete, and its call. A role members still hold is refused by the server,
 * which counts them: the refusal stays in the dialog.
 */
export function deleteRoleCall(role: RoleMatrixRole, onDone: () => void): ConfirmCall {
  return {
    title: `Delete the role ${role.name}?`,
    body:
      role.memberCount > 0
        ? `${role.memberCount === 1 ? '1 member holds' : `${role.memberCount} members hold`} this role. Give them another role first: a role in use is not deleted.`
        : 'No active or invited member holds it. The role goes for good; the audit log keeps its history.',
    okText: 'Delete role',
    danger: true,
    run: () => deleteRole(role.code),
    onDone,
    failure: 'The role was not deleted. Try again.',
  };
}
