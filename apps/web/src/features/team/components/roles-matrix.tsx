import { Fragment, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import type { RoleMatrix, RoleMatrixPage, RoleMatrixRole } from '@mbo/contracts/team';
import { ROLE_ACTION_KIND_LABELS } from '@mbo/contracts/code-labels';
import { ConfirmCallModal, type ConfirmCall } from '@/components/confirm-call-modal';
import GuardedButton from '@/components/guarded-button';
import { useGlobalState } from '@/lib/global-state';
import { useRefreshTeam } from '../api/refresh-team';
import { roleMatrixQueryOptions } from '../api/roles-api';
import { groupBySection, productTagText } from '../utils/role-pages';
import { RoleActions, deleteRoleCall, type RoleAction } from './role-actions';
import { RoleFormDrawer, type RoleFormTarget } from './role-form-drawer';
import './roles-matrix.css';

export const ROLES_NOTE =
  'What each role can see and do: the built-in roles, then your custom roles. The server enforces exactly this table.';
export const MANAGE_PERMISSION = 'API_ROLE_MANAGE';
const NO_MANAGE = 'Your role cannot create or change roles. Ask an owner or admin.';

/** "3 members", "1 member", "No members". */
export function memberCountText(n: number): string {
  return n === 0 ? 'No members' : `${n.toLocaleString('en-US')} member${n === 1 ? '' : 's'}`;
}

function Grant({ granted }: { granted: boolean }) {
  return (
    <td>
      {granted ? (
        <CheckOutlined className="mbo-roles__yes" aria-label="Granted" />
      ) : (
        <span className="mbo-roles__no" role="img" aria-label="Not granted">
          –
        </span>
      )}
    </td>
  );
}

interface HeaderProps {
  role: RoleMatrixRole;
  mine: boolean;
  /** Whether the user may edit and delete custom roles (API_ROLE_MANAGE). */
  canManage: boolean;
  onAction: (action: RoleAction, role: RoleMatrixRole) => void;
}

function RoleHeader({ role, mine, canManage, onAction }: HeaderProps) {
  const descriptionId = useId();
  return (
    <th scope="col" className="mbo-roles__role">
      <Tooltip title={role.description} trigger={['hover', 'focus']}>
        <span className="mbo-roles__role-name" tabIndex={0} aria-describedby={descriptionId}>
          {role.name}
        </span>
      </Tooltip>
      <span hidden id={descriptionId}>
        {role.description}
      </span>
      <span className="mbo-roles__members">{memberCountText(role.memberCount)}</span>
      {mine ? (
        <Tag className="mbo-roles__mine" color="processing" variant="outlined">
          Your role
        </Tag>
      ) : null}
      {role.baseCode !== null ? (
        <span className="mbo-roles__custom">
          <Tag className="mbo-roles__custom-tag">Custom</Tag>
          {canManage ? <RoleActions role={role} mine={mine} onAction={onAction} /> : null}
        </span>
      ) : null}
    </th>
  );
}

function PageRows({ page, roles }: { page: RoleMatrixPage; roles: readonly RoleMatrixRole[] }) {
  const only = productTagText(page.products);
  return (
    <>
      <tr className="mbo-roles__page">
        <th scope="row" className="mbo-roles__first">
          <span className="mbo-roles__page-name">{page.name}</span>
          {only ? <Tag className="mbo-roles__product">{only}</Tag> : null}
        </th>
        {roles.map((role) => (
          <Grant key={role.code} granted={role.menuUrls.includes(page.menuUrl)} />
        ))}
      </tr>
      {page.actions.map((action) => (
        <tr key={action.code} className="mbo-roles__action">
          <th scope="row" className="mbo-roles__first">
            {action.label}
            <span className="mbo-roles__code">
              <span className="mbo-roles__kind">{ROLE_ACTION_KIND_LABELS[action.kind]}</span>
            </span>
          </th>
          {roles.map((role) => (
            <Grant key={role.code} granted={role.permissionCodes.includes(action.code)} />
          ))}
        </tr>
      ))}
    </>
  );
}

function MatrixTable({ matrix, ...actions }: { matrix: RoleMatrix } & Pick<HeaderProps, 'canManage' | 'onAction'>) {
  const myRole = useGlobalState().user?.roleCode;
  const { roles } = matrix;
  return (
    // Focusable, so a keyboard can scroll it sideways on a phone.
    <div className="mbo-roles__scroll" role="region" aria-label="Roles and what they grant" tabIndex={0}>
      <table className="mbo-roles__table">
        <thead>
          <tr>
            <th scope="col" className="mbo-roles__first">
              Page or action
            </th>
            {roles.map((role) => (
              <RoleHeader key={role.code} role={role} mine={role.code === myRole} {...actions} />
            ))}
          </tr>
        </thead>
        <tbody>
          {groupBySection(matrix.pages).map((section) => (
            <Fragment key={section.name ?? ''}>
              {section.name ? (
                <tr className="mbo-roles__section">
                  <th scope="colgroup" colSpan={roles.length + 1}>
                    <span className="mbo-roles__section-name">{section.name}</span>
                  </th>
                </tr>
              ) : null}
              {section.pages.map((page) => (
                <PageRows key={page.menuUrl} page={page} roles={roles} />
              ))}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Settings → Team → Roles: the built-in roles and the merchant's custom roles as columns, the pages (by section)
 * and their actions as rows, a tick where the role grants it: the data the server enforces. With API_ROLE_MANAGE,
 * "Create role" makes a custom role from a built-in one, and each custom role (but one's own) is edited or
 * deleted from its column's menu.
 */
export function RolesMatrix() {
  const matrix = useQuery(roleMatrixQueryOptions());
  const canManage = useGlobalState().hasPermission(MANAGE_PERMISSION);
  const refresh = useRefreshTeam();
  const [form, setForm] = useState<RoleFormTarget | null>(null);
  const [confirm, setConfirm] = useState<ConfirmCall | null>(null);
  const onAction = (action: RoleAction, role: RoleMatrixRole) => {
    if (action === 'edit') setForm({ kind: 'edit', role });
    else setConfirm(deleteRoleCall(role, () => void refresh()));
  };
  let body: React.ReactNode;
  if (matrix.isError && !matrix.data) {
    body = (
      <Alert
        type="error"
        showIcon
        title="The roles could not be loaded."
        action={
          <Button onClick={() => void matrix.refetch()} loading={matrix.isFetching}>
            Try again
          </Button>
        }
      />
    );
  } else if (!matrix.data) {
    body = (
      <div role="status" aria-label="Loading roles">
        <Skeleton active paragraph={{ rows: 10 }} title={false} />
      </div>
    );
  } else if (!matrix.data.roles.length || !matrix.data.pages.length) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No roles to show." />;
  } else {
    body = <MatrixTable matrix={matrix.data} canManage={canManage} onAction={onAction} />;
  }
  return (
    <section aria-label="Roles">
      <div className="mbo-roles__bar">
        <Typography.Text type="secondary" className="mbo-roles__note">
          {ROLES_NOTE}
        </Typography.Text>
        <GuardedButton
          type="primary"
          icon={<PlusOutlined aria-hidden="true" />}
          blocked={canManage ? null : NO_MANAGE}
          disabled={!matrix.data}
          onClick={() => setForm({ kind: 'create' })}
        >
          Create role
        </GuardedButton>
      </div>
      {body}
      <RoleFormDrawer target={form} matrix={matrix.data} onClose={() => setForm(null)} />
      <ConfirmCallModal pending={confirm} onClose={() => setConfirm(null)} />
    </section>
  );
}
