import { Button } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/i18n/use-translation';
import { MoreOutlined } from '@ant-design/icons';
import type { RoleMatrixRole } from '@mbo/contracts/team';
import type { ConfirmCall } from '@/components/confirm-call-modal';
import GuardedButton from '@/components/guarded-button';
import MenuButton from '@/components/menu-button';
import { deleteRole } from '../api/roles-api';

/** What can be done to a custom role (API_ROLE_MANAGE; the server checks every one again). */
export type RoleAction = 'edit' | 'delete';

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
  const { t } = useTranslation('team', { keyPrefix: 'roles' });
  const label = t('actionsFor', { name: role.name });
  if (mine)
    return <GuardedButton type="text" size="small" icon={<MoreOutlined />} aria-label={label} blocked={t('ownRole')} />;
  return (
    <MenuButton
      menu={{
        items: (['edit', 'delete'] as const).map((a) => ({ key: a, label: t(a), danger: a === 'delete' })),
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
export function deleteRoleCall(t: TFunction, role: RoleMatrixRole, onDone: () => void): ConfirmCall {
  const w = (key: string, values?: Record<string, unknown>) => t(`roles.${key}`, { ns: 'team', ...values });
  return {
    title: w('deleteTitle', { name: role.name }),
    body: role.memberCount > 0 ? w('deleteInUse', { count: role.memberCount }) : w('deleteFree'),
    okText: w('deleteOk'),
    danger: true,
    run: () => deleteRole(role.code),
    onDone,
    failure: w('deleteFailure'),
  };
}
