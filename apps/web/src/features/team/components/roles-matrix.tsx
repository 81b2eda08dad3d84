import { Fragment, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import type { RoleMatrix, RoleMatrixPage, RoleMatrixRole } from '@mbo/contracts/team';
import { codeLabel, MERCHANT_PRODUCT_LABELS, ROLE_ACTION_KIND_LABELS } from '@mbo/contracts/code-labels';
import type { MerchantProduct } from '@mbo/contracts/usercenter';
import { useGlobalState } from '@/lib/global-state';
import { roleMatrixQueryOptions } from '../api/roles-api';
import './roles-matrix.css';

export const ROLES_NOTE =
  'What each role can see and do. The server enforces exactly this table; custom roles are not available yet.';

/** The tag of a page only some merchants have. */
const PRODUCT_ONLY: Record<MerchantProduct, string> = { DIRECT_PAYMENT: 'Card payments only', PAYOUT: 'Payouts only' };

export function productTagText(products: readonly MerchantProduct[] | null): string | null {
  if (!products?.length) return null;
  if (products.length === 1)
    return PRODUCT_ONLY[products[0]] ?? `${codeLabel(MERCHANT_PRODUCT_LABELS, products[0])} only`;
  return `${products.map((p) => codeLabel(MERCHANT_PRODUCT_LABELS, p)).join(' and ')} only`;
}

/** "3 members", "1 member", "No members". */
export function memberCountText(n: number): string {
  return n === 0 ? 'No members' : `${n.toLocaleString('en-US')} member${n === 1 ? '' : 's'}`;
}

interface Section {
  /** null: the top-level pages (Home), shown without a section row. */
  name: string | null;
  pages: RoleMatrixPage[];
}

/** The pages under their sections, in the server's (the menu's) order. */
export function groupBySection(pages: readonly RoleMatrixPage[]): Section[] {
  const sections = new Map<string | null, Section>();
  for (const page of pages) {
    const section = sections.get(page.section) ?? { name: page.section, pages: [] };
    section.pages.push(page);
    sections.set(page.section, section);
  }
  return [...sections.values()];
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

function RoleHeader({ role, mine }: { role: RoleMatrixRole; mine: boolean }) {
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

function MatrixTable({ matrix }: { matrix: RoleMatrix }) {
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
              <RoleHeader key={role.code} role={role} mine={role.code === myRole} />
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
 * Settings → Team → Roles: the built-in roles as columns, the pages (by section) and their actions as
 * rows, a tick where the role grants it. Read only: it is the data the server enforces.
 */
export function RolesMatrix() {
  const matrix = useQuery(roleMatrixQueryOptions());
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
    body = <MatrixTable matrix={matrix.data} />;
  }
  return (
    <section aria-label="Roles">
      <Typography.Text type="secondary" className="mbo-roles__note">
        {ROLES_NOTE}
      </Typography.Text>
      {body}
    </section>
  );
}
