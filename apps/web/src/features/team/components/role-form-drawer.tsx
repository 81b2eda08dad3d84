import { useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Input, Select, Space, Typography } from 'antd';
import { PERMISSION_CODES, type PermissionCode } from '@mbo/contracts/permissions';
import { ROLE_NAME_MAX, type RoleMatrix, type RoleMatrixRole } from '@mbo/contracts/team';
import { RefusalAlert } from '@/components/refusal-alert';
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
export function grantsSummary(g: RoleGrants): string {
  const pages = `${g.menuUrls.length} page${g.menuUrls.length === 1 ? '' : 's'}`;
  const actions = `${g.permissionCodes.length} detail page${g.permissionCodes.length === 1 ? '' : 's'} or action${g.permissionCodes.length === 1 ? '' : 's'}`;
  return `${pages} and ${actions}`;
}

function RoleForm({ target, matrix, onClose }: { target: RoleFormTarget; matrix: RoleMatrix; onClose: () => void }) {
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
  const baseName = matrix.roles.find((r) => r.code === (editing?.baseCode ?? baseCode))?.name;
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
          Made from {baseName ?? 'a built-in role'}. Its members have the change at their next click.
        </Typography.Paragraph>
      ) : (
        <Form.Item label="Start from" htmlFor="team-role-base" extra="Its pages and actions are ticked to begin with.">
          <Select
            id="team-role-base"
            value={baseCode}
            onChange={pickBase}
            options={baseRoles(matrix).map((r) => ({ value: r.code, label: r.name }))}
          />
        </Form.Item>
      )}
      <Form.Item
        name="name"
        label="Name"
        rules={[
          { required: true, whitespace: true, message: 'Enter a name for the role.' },
          { max: ROLE_NAME_MAX, message: `A role name has at most ${ROLE_NAME_MAX} characters.` },
        ]}
      >
        <Input maxLength={ROLE_NAME_MAX} autoComplete="off" placeholder="e.g. Support" />
      </Form.Item>
      {leftOut > 0 && !editing ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${leftOut} of ${baseName ?? 'the base role'}'s pages and actions are not ticked: your role does not have them.`}
        />
      ) : null}
      <Typography.Paragraph strong aria-live="polite">
        Grants {grantsSummary(grants)}
      </Typography.Paragraph>
      <RoleGrantsPicker pages={matrix.pages} grants={grants} caller={caller} onChange={setGrants} />
      {save.isError ? <RefusalAlert error={save.error} fallback="The role was not saved. Try again." /> : null}
      <Space className="mbo-role-form__footer">
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {editing ? 'Save role' : 'Create role'}
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
  const target = useLastShown(open);
  const title = target?.kind === 'edit' ? `Edit role ${target.role.name}` : 'Create role';
  return (
    <Drawer open={open !== null} onClose={onClose} title={title} size={560} destroyOnHidden>
      {target && matrix ? <RoleForm target={target} matrix={matrix} onClose={onClose} /> : null}
    </Drawer>
  );
}
