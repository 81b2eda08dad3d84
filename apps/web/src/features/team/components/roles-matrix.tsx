import { Fragment, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/i18n/use-translation';
import type { RoleMatrix, RoleMatrixPage, RoleMatrixRole } from '@mbo/contracts/team';
import { ConfirmCallModal, type ConfirmCall } from '@/components/confirm-call-modal';
import GuardedButton from '@/components/guarded-button';
import { useLabel } from '@/i18n/use-label';
import { displayNumber } from '@/lib/formats';
import { useGlobalState } from '@/lib/global-state';
import { useRefreshTeam } from '../api/refresh-team';
import { roleMatrixQueryOptions } from '../api/roles-api';
import { groupBySection, pageName, productTagText, sectionName } from '../utils/role-pages';
import { RoleActions, deleteRoleCall, type RoleAction } from './role-actions';
import { RoleFormDrawer, type RoleFormTarget } from './role-form-drawer';
import './roles-matrix.css';

export const MANAGE_PERMISSION = 'API_ROLE_MANAGE';

/** "3 members", "1 member", "No members". */
export function memberCountText(t: TFunction, n: number): string {
  return n === 0
    ? t('roles.membersNone', { ns: 'team' })
    : t('roles.members', { ns: 'team', count: n, n: displayNumber(n) });
}

function Grant({ granted }: { granted: boolean }) {
  const { t } = useTranslation('team', { keyPrefix: 'roles' });
  return (
    <td>
      {granted ? (
        <CheckOutlined className="mbo-roles__yes" aria-label={t('granted')} />
      ) : (
        <span className="mbo-roles__no" role="img" aria-label={t('notGranted')}>
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

/** A role's name and description in the language in force: a built-in role's from the labels, a custom one's own. */
function useRoleWords() {
  const { t } = useTranslation('team');
  const label = useLabel();
  return (role: RoleMatrixRole) =>
    role.baseCode === null
      ? {
          name: label('ROLE_CODES', role.code),
          description: t(`roles.descriptions.${role.code}`, { defaultValue: role.description }),
        }
      : { name: role.name, description: t('roles.customDescription', { base: label('ROLE_CODES', role.baseCode) }) };
}

function RoleHeader({ role, mine, canManage, onAction }: HeaderProps) {
  const { t } = useTranslation('team');
  const descriptionId = useId();
  const words = useRoleWords()(role);
  return (
    <th scope="col" className="mbo-roles__role">
      <Tooltip title={words.description} trigger={['hover', 'focus']}>
        <span className="mbo-roles__role-name" tabIndex={0} aria-describedby={descriptionId}>
          {words.name}
        </span>
      </Tooltip>
      <span hidden id={descriptionId}>
        {words.description}
      </span>
      <span className="mbo-roles__members">{memberCountText(t, role.memberCount)}</span>
      {mine ? (
        <Tag className="mbo-roles__mine" color="processing" variant="outlined">
          {t('roles.yourRole')}
        </Tag>
      ) : null}
      {role.baseCode !== null ? (
        <span className="mbo-roles__custom">
          <Tag className="mbo-roles__custom-tag">{t('roles.custom')}</Tag>
          {canManage ? <RoleActions role={role} mine={mine} onAction={onAction} /> : null}
        </span>
      ) : null}
    </th>
  );
}

function PageRows({ page, roles }: { page: RoleMatrixPage; roles: readonly RoleMatrixRole[] }) {
  const { t } = useTranslation('team');
  const label = useLabel();
  const only = productTagText(t, label, page.products);
  return (
    <>
      <tr className="mbo-roles__page">
        <th scope="row" className="mbo-roles__first">
          <span className="mbo-roles__page-name">{pageName(t, page)}</span>
          {only ? <Tag className="mbo-roles__product">{only}</Tag> : null}
        </th>
        {roles.map((role) => (
          <Grant key={role.code} granted={role.menuUrls.includes(page.menuUrl)} />
        ))}
      </tr>
      {page.actions.map((action) => (
        <tr key={action.code} className="mbo-roles__action">
          <th scope="row" className="mbo-roles__first">
            {label('PERMISSION_CODES', action.code)}
            <span className="mbo-roles__code">
              <span className="mbo-roles__kind">{label('ROLE_ACTION_KINDS', action.kind)}</span>
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
  const { t } = useTranslation('team');
  const myRole = useGlobalState().user?.roleCode;
  const { roles } = matrix;
  return (
    // Focusable, so a keyboard can scroll it sideways on a phone.
    <div className="mbo-roles__scroll" role="region" aria-label={t('roles.region')} tabIndex={0}>
      <table className="mbo-roles__table">
        <thead>
          <tr>
            <th scope="col" className="mbo-roles__first">
              {t('roles.pageOrAction')}
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
                    <span className="mbo-roles__section-name">{sectionName(t, section)}</span>
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
  const { t } = useTranslation('team');
  const matrix = useQuery(roleMatrixQueryOptions());
  const canManage = useGlobalState().hasPermission(MANAGE_PERMISSION);
  const refresh = useRefreshTeam();
  const [form, setForm] = useState<RoleFormTarget | null>(null);
  const [confirm, setConfirm] = useState<ConfirmCall | null>(null);
  const onAction = (action: RoleAction, role: RoleMatrixRole) => {
    if (action === 'edit') setForm({ kind: 'edit', role });
    else setConfirm(deleteRoleCall(t, role, () => void refresh()));
  };
  let body: React.ReactNode;
  if (matrix.isError && !matrix.data) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('roles.loadFailed')}
        action={
          <Button onClick={() => void matrix.refetch()} loading={matrix.isFetching}>
            {t('roles.retry')}
          </Button>
        }
      />
    );
  } else if (!matrix.data) {
    body = (
      <div role="status" aria-label={t('roles.loading')}>
        <Skeleton active paragraph={{ rows: 10 }} title={false} />
      </div>
    );
  } else if (!matrix.data.roles.length || !matrix.data.pages.length) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('roles.empty')} />;
  } else {
    body = <MatrixTable matrix={matrix.data} canManage={canManage} onAction={onAction} />;
  }
  return (
    <section aria-label={t('roles.aria')}>
      <div className="mbo-roles__bar">
        <Typography.Text type="secondary" className="mbo-roles__note">
          {t('roles.note')}
        </Typography.Text>
        <GuardedButton
          type="primary"
          icon={<PlusOutlined aria-hidden="true" />}
          blocked={canManage ? null : t('roles.noManage')}
          disabled={!matrix.data}
          onClick={() => setForm({ kind: 'create' })}
        >
          {t('roles.create')}
        </GuardedButton>
      </div>
      {body}
      <RoleFormDrawer target={form} matrix={matrix.data} onClose={() => setForm(null)} />
      <ConfirmCallModal pending={confirm} onClose={() => setConfirm(null)} />
    </section>
  );
}
