import { useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Input, Select, Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/i18n/use-translation';
import { PERMISSION_CODES, type PermissionCode } from '@mbo/contracts/permissions';
import { ROLE_NAME_MAX, type RoleMatrix, type RoleMatrixRole } from '@mbo/contracts/team';
import { RefusalAlert } from '@/components/refusal-alert';
import { useLabel } from '@/i18n/use-label';
import { useLastShown } from '@/lib/use-last-shown';
import { createRole, editRole } from '../api/roles-api';
import { useRefreshTeam } from '../api/refresh-team';
import { baseRoles, codePages, grantsFromBase, type RoleGrants } from '../utils/role-grants';
import { RoleGrantsPicker } from './role-grants-picker';

/** What the drawer is open for: a new role, or a custom role to edit. */
export type RoleFormTarget = { kind: 'create' } | { kind: 'edit'; role: RoleMatrixRole };

interface NameValues {
  name: string;
}

/** The base a new role starts from when the drawer opens: Viewer (it reads, changes nothing), else the first. */
function defaultBase(matrix: RoleMatrix): RoleMatrixRole | undefined {
  const bases = baseRoles(matrix);
  return bases.find((r) => r.code === 'VIEWER') ?? bases[0];
}

/** The boxes as a request: the permission codes of the contract (the matrix's are, as the server sends them). */
function requested(g: RoleGrants): { menuUrls: string[]; permissionCodes: PermissionCode[] } {
  return { menuUrls: g.menuUrls, permissionCodes: g.permissionCodes.filter(isPermissionCode) };
}

const isPermissionCode = (code: string): code is PermissionCode =>
  (PERMISSION_CODES as readonly string[]).includes(code);

/** "4 pages and 3 actions". */
export function grantsSummary(t: TFunction, g: RoleGrants): string {
  return t('form.summary', {
    ns: 'team',
    pages: t('form.pages', { ns: 'team', count: g.menuUrls.length }),
    actions: t('form.actions', { ns: 'team', count: g.permissionCodes.length }),
  });
}

function RoleForm({ target, matrix, onClose }: { target: RoleFormTarget; matrix: RoleMatrix; onClose: () => void }) {
  const { t } = useTranslation('team', { keyPrefix: 'form' });
  const { t: tTeam } = useTranslation('team');
  const label = useLabel();
  const refresh = useRefreshTeam();
  const [form] = Form.useForm<NameValues>();
  const pagesOf = useMemo(() => codePages(matrix.pages), [matrix.pages]);
  const caller = matrix.caller;
  const editing = target.kind === 'edit' ? target.role : null;
  const first = editing ? null : defaultBase(matrix);
  const [baseCode, setBaseCode] = useState<string | undefined>(first?.code);
  const [start] = useState(() => (first ? grantsFromBase(first, caller, pagesOf) : null));
  const [leftOut, setLeftOut] = useState(start?.leftOut ?? 0);
  const [grants, setGrants] = useState<RoleGrants>(
    () =>
      start?.grants ?? {
        menuUrls: editing?.menuUrls ?? [],
        permissionCodes: editing?.permissionCodes ?? [],
      },
  );
  const save = useMutation({
    mutationFn: (name: string) =>
      editing
        ? editRole({ roleCode: editing.code, name, ...requested(grants) })
        : createRole({ baseCode: baseCode ?? '', name, ...requested(grants) }),
    onSuccess: () => {
      void refresh();
      onClose();
    },
  });
  const pickBase = (code: string) => {
    const base = matrix.roles.find((r) => r.code === code);
    if (!base) return;
    const next = grantsFromBase(base, caller, pagesOf);
    setBaseCode(code);
    setGrants(next.grants);
    setLeftOut(next.leftOut);
  };
  const submit = async () => {
    let values: NameValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    save.mutate(values.name.trim());
  };
  const baseRole = matrix.roles.find((r) => r.code === (editing?.baseCode ?? baseCode));
  const baseName = baseRole ? label('ROLE_CODES', baseRole.code) : undefined;
  return (
    <Form<NameValues>
      form={form}
      layout="vertical"
      initialValues={{ name: editing?.name ?? '' }}
      onFinish={() => void submit()}
      name="team-role"
    >
      {editing ? (
        <Typography.Paragraph type="secondary">
          {t('madeFrom', { base: baseName ?? t('aBuiltInRole') })}
        </Typography.Paragraph>
      ) : (
        <Form.Item label={t('startFrom')} htmlFor="team-role-base" extra={t('startFromExtra')}>
          <Select
            id="team-role-base"
            value={baseCode}
            onChange={pickBase}
            options={baseRoles(matrix).map((r) => ({ value: r.code, label: label('ROLE_CODES', r.code) }))}
          />
        </Form.Item>
      )}
      <Form.Item
        name="name"
        label={t('name')}
        rules={[
          { required: true, whitespace: true, message: t('nameRequired') },
          { max: ROLE_NAME_MAX, message: t('nameMax', { max: ROLE_NAME_MAX }) },
        ]}
      >
        <Input maxLength={ROLE_NAME_MAX} autoComplete="off" placeholder={t('namePlaceholder')} />
      </Form.Item>
      {leftOut > 0 && !editing ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('leftOut', { n: leftOut, base: baseName ?? t('theBaseRole') })}
        />
      ) : null}
      <Typography.Paragraph strong aria-live="polite">
        {t('grants', { summary: grantsSummary(tTeam, grants) })}
      </Typography.Paragraph>
      <RoleGrantsPicker pages={matrix.pages} grants={grants} caller={caller} onChange={setGrants} />
      {save.isError ? <RefusalAlert error={save.error} fallback={t('saveFailed')} /> : null}
      <Space className="mbo-role-form__footer">
        <Button onClick={onClose} disabled={save.isPending}>
          {t('cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {editing ? t('save') : t('create')}
        </Button>
      </Space>
    </Form>
  );
}

/**
 * Create a custom role from a built-in one, or edit one (API_ROLE_MANAGE): a name and the pages and actions it
 * grants, grouped as in the matrix; what the user does not hold is disabled with the reason. A refusal (a name
 * taken, a page the user lacks) stays in the drawer.
 */
export function RoleFormDrawer({
  target: open,
  matrix,
  onClose,
}: {
  target: RoleFormTarget | null;
  matrix: RoleMatrix | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('team', { keyPrefix: 'form' });
  const target = useLastShown(open);
  const title = target?.kind === 'edit' ? t('titleEdit', { name: target.role.name }) : t('titleCreate');
  return (
    <Drawer open={open !== null} onClose={onClose} title={title} size={560} destroyOnHidden>
      {target && matrix ? <RoleForm target={target} matrix={matrix} onClose={onClose} /> : null}
    </Drawer>
  );
}
