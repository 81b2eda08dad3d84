import { afterEach, describe, expect, it } from 'vitest';
import { getMock, postMock } from '@/testing/mock-http';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { TEAM_PATHS, type RoleMatrix } from '@mbo/contracts/team';
import { ApiError } from '@/lib/http/request';
import { ROLE_MATRIX } from '../utils/role-fixtures';
import { i18n } from '@/i18n/i18n';
import { labelIn } from '@/i18n/use-label';
import { initTestI18n } from '@/i18n/testing';
import { renderWithState, testGlobalState, TEST_USER } from '@/testing/render-with-state';
import { productTagText } from '../utils/role-pages';
import { memberCountText, RolesMatrix } from './roles-matrix';

const t = i18n.getFixedT('en');
const label = (kind: Parameters<typeof labelIn>[1], code: string) => labelIn(i18n, kind, code);
const ROLES_NOTE =
  'What each role can see and do: the built-in roles, then your custom roles. The server enforces exactly this table.';
const OWN_ROLE = 'You cannot edit or delete the role you hold yourself. Ask another owner or admin.';

configure({ asyncUtilTimeout: 5000 });

const MATRIX: RoleMatrix = {
  pages: [
    { menuUrl: '/home', menuId: 'home', name: 'Home', section: null, sectionMenuId: null, products: null, actions: [] },
    {
      menuUrl: '/transactions/payments',
      menuId: 'payments',
      name: 'Payments',
      section: 'Transactions',
      sectionMenuId: 'transactions',
      products: ['DIRECT_PAYMENT'],
      actions: [
        { code: 'PAGE_PAYMENTS_DETAIL', label: 'Payment details', kind: 'page' },
        { code: 'API_PAYMENT_REFUND', label: 'Refund payments', kind: 'action' },
      ],
    },
    {
      menuUrl: '/transactions/reports',
      menuId: 'reports',
      name: 'Reports',
      section: 'Transactions',
      sectionMenuId: 'transactions',
      products: null,
      actions: [{ code: 'API_REPORT_EXPORT', label: 'Export reports', kind: 'action' }],
    },
    {
      menuUrl: '/payout/history',
      menuId: 'payout-history',
      name: 'Payout history',
      section: 'Payouts',
      sectionMenuId: 'payout',
      products: ['PAYOUT'],
      actions: [],
    },
    {
      menuUrl: '/settings/team',
      menuId: 'team',
      name: 'Team',
      section: 'Settings',
      sectionMenuId: 'settings',
      products: null,
      actions: [{ code: 'PAGE_AUDIT_LOG', label: 'Audit log', kind: 'page' }],
    },
  ],
  roles: [
    {
      code: 'OWNER',
      name: 'Owner',
      description: 'Everything, including the team.',
      baseCode: null,
      assignable: true,
      memberCount: 1,
      menuUrls: ['/home', '/transactions/payments', '/transactions/reports', '/payout/history', '/settings/team'],
      permissionCodes: ['PAGE_PAYMENTS_DETAIL', 'API_PAYMENT_REFUND', 'API_REPORT_EXPORT', 'PAGE_AUDIT_LOG'],
    },
    {
      code: 'FINANCE',
      name: 'Finance',
      description: 'Money: refunds, exports, settlements.',
      baseCode: null,
      assignable: true,
      memberCount: 3,
      menuUrls: ['/home', '/transactions/payments', '/transactions/reports'],
      permissionCodes: ['API_PAYMENT_REFUND', 'API_REPORT_EXPORT'],
    },
    {
      code: 'VIEWER',
      name: 'Viewer',
      description: 'Reads, changes nothing.',
      baseCode: null,
      assignable: true,
      memberCount: 0,
      menuUrls: ['/home', '/transactions/payments'],
      permissionCodes: ['PAGE_PAYMENTS_DETAIL'],
    },
  ],
  caller: {
    roleCode: 'FINANCE',
    menuUrls: ['/home', '/transactions/payments', '/transactions/reports'],
    permissionCodes: ['API_PAYMENT_REFUND', 'API_REPORT_EXPORT'],
  },
};

const ROLE_ORDER = ['Owner', 'Finance', 'Viewer'];

/** Each role's verdict in a row, in the columns' order. */
function verdicts(rowName: string | RegExp): Record<string, string> {
  const header = screen.getByRole('rowheader', { name: rowName });
  const row = header.closest('tr')!;
  const cells = within(row)
    .getAllByRole('img')
    .map((img) => img.getAttribute('aria-label') ?? '');
  return Object.fromEntries(ROLE_ORDER.map((role, i) => [role, cells[i]]));
}

const renderMatrix = () =>
  renderWithState(<RolesMatrix />, testGlobalState({ user: { ...TEST_USER, roleCode: 'FINANCE' } }));

afterEach(() => {
  cleanup();
  getMock.mockReset();
  postMock.mockReset();
});

describe('RolesMatrix', () => {
  it('ticks exactly the pages and actions each role grants', async () => {
    getMock.mockResolvedValue(MATRIX);
    renderMatrix();
    await screen.findByRole('table');
    expect(getMock).toHaveBeenCalledWith(
      TEAM_PATHS.roles,
      undefined,
      expect.objectContaining({ showErrorMessage: false }),
    );
    expect(screen.getByText(ROLES_NOTE)).toBeTruthy();

    expect(verdicts('Home')).toEqual({ Owner: 'Granted', Finance: 'Granted', Viewer: 'Granted' });
    expect(verdicts(/^Payments/)).toEqual({ Owner: 'Granted', Finance: 'Granted', Viewer: 'Granted' });
    expect(verdicts(/Payment details/)).toEqual({ Owner: 'Granted', Finance: 'Not granted', Viewer: 'Granted' });
    expect(verdicts(/Refund payments/)).toEqual({ Owner: 'Granted', Finance: 'Granted', Viewer: 'Not granted' });
    expect(verdicts(/^Reports/)).toEqual({ Owner: 'Granted', Finance: 'Granted', Viewer: 'Not granted' });
    expect(verdicts(/Export reports/)).toEqual({ Owner: 'Granted', Finance: 'Granted', Viewer: 'Not granted' });
    expect(verdicts(/^Payout history/)).toEqual({ Owner: 'Granted', Finance: 'Not granted', Viewer: 'Not granted' });
    expect(verdicts(/^Team/)).toEqual({ Owner: 'Granted', Finance: 'Not granted', Viewer: 'Not granted' });
    expect(verdicts(/Audit log/)).toEqual({ Owner: 'Granted', Finance: 'Not granted', Viewer: 'Not granted' });
    // 9 rows × 3 roles: the 17 grants of the data are ticks, the other 10 cells dashes.
    expect(screen.getAllByRole('img', { name: 'Granted' })).toHaveLength(17);
    expect(screen.getAllByRole('img', { name: 'Not granted' })).toHaveLength(10);
  });

  it('groups the pages under their sections, with each action indented under its page with its code', async () => {
    getMock.mockResolvedValue(MATRIX);
    renderMatrix();
    await screen.findByRole('table');
    const sections = screen
      .getAllByRole('columnheader')
      .filter((th) => th.getAttribute('scope') === 'colgroup')
      .map((th) => th.textContent);
    expect(sections).toEqual(['Transactions', 'Payouts', 'Settings']);
    const rowNames = screen.getAllByRole('rowheader').map((th) => th.textContent);
    expect(rowNames).toEqual([
      'Home',
      'PaymentsCard payments only',
      'Payment detailsPage',
      'Refund paymentsAction',
      'Reports',
      'Export reportsAction',
      'Payout historyPayouts only',
      'Team',
      'Audit logPage',
    ]);
    const detail = screen.getByRole('rowheader', { name: /Payment details/ });
    expect(detail.closest('tr')!.className).toContain('mbo-roles__action');
    // The permission code is the server's: a person reads what the row opens or allows, never the code.
    expect(screen.queryByText(/PAGE_|API_/)).toBeNull();
  });

  it('tags the pages only one product has', async () => {
    getMock.mockResolvedValue(MATRIX);
    renderMatrix();
    await screen.findByRole('table');
    expect(within(screen.getByRole('rowheader', { name: /^Payments/ })).getByText('Card payments only')).toBeTruthy();
    expect(within(screen.getByRole('rowheader', { name: /^Payout history/ })).getByText('Payouts only')).toBeTruthy();
    expect(within(screen.getByRole('rowheader', { name: /^Reports/ })).queryByText(/only/)).toBeNull();
    expect(screen.getAllByText(/ only$/)).toHaveLength(2);
    expect(productTagText(t, label, null)).toBeNull();
    expect(productTagText(t, label, ['DIRECT_PAYMENT', 'PAYOUT'])).toBe('Payments and Payouts only');
  });

  it("heads each column with the role, its member count, its description and the signed-in user's role", async () => {
    getMock.mockResolvedValue(MATRIX);
    renderMatrix();
    await screen.findByRole('table');
    const heads = screen.getAllByRole('columnheader').filter((th) => th.getAttribute('scope') === 'col');
    expect(
      heads.map((th) => [...th.children].filter((c) => !(c as HTMLElement).hidden).map((c) => c.textContent)),
    ).toEqual([[], ['Owner', '1 member'], ['Finance', '3 members', 'Your role'], ['Viewer', 'No members']]);
    expect(heads[0].textContent).toBe('Page or action');
    const finance = screen.getByText('Finance');
    expect(finance.getAttribute('tabindex')).toBe('0');
    // A built-in role's description in the language in force (the server's English words).
    expect(document.getElementById(finance.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Money: refunds, settlements, balance, withdrawals, payouts and bank accounts.',
    );
    fireEvent.focus(finance);
    expect(await screen.findByRole('tooltip')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Roles and what they grant' }).getAttribute('tabindex')).toBe('0');
    expect(memberCountText(t, 1200)).toBe('1,200 members');
  });

  it('reads in Simplified Chinese when that is the language: roles, sections, pages, actions and tags', async () => {
    getMock.mockResolvedValue(MATRIX);
    initTestI18n('zh-CN');
    try {
      renderMatrix();
      const region = await screen.findByRole('region', { name: '角色及其权限' });
      const heads = within(region)
        .getAllByRole('columnheader')
        .filter((th) => th.getAttribute('scope') === 'col');
      expect(heads.map((th) => th.querySelector('.mbo-roles__role-name')?.textContent ?? th.textContent)).toEqual([
        '页面或操作',
        '所有者',
        '财务',
        '只读',
      ]);
      expect(within(heads[2]).getByText('3 名成员')).toBeTruthy();
      expect(within(heads[3]).getByText('无成员')).toBeTruthy();
      expect(screen.getByText('交易')).toBeTruthy();
      expect(within(screen.getByRole('rowheader', { name: /^支付\s*仅限/ })).getByText('仅限银行卡收款')).toBeTruthy();
      expect(screen.getByRole('rowheader', { name: /支付详情/ })).toBeTruthy();
      expect(screen.getAllByRole('img', { name: '已授予' }).length).toBeGreaterThan(0);
    } finally {
      initTestI18n('en');
    }
  });

  it('shows a skeleton while loading, then an error with a retry that loads again', async () => {
    let fail!: (e: Error) => void;
    getMock.mockImplementationOnce(
      () =>
        new Promise((_, reject) => {
          fail = reject;
        }),
    );
    renderMatrix();
    expect(screen.getByRole('status', { name: 'Loading roles' })).toBeTruthy();
    fail(new Error('down'));
    expect(await screen.findByText('The roles could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    getMock.mockResolvedValue(MATRIX);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(getMock).toHaveBeenCalledTimes(2);
  });

  it('says so when there are no roles', async () => {
    getMock.mockResolvedValue({ ...MATRIX, pages: [], roles: [] });
    renderMatrix();
    expect(await screen.findByText('No roles to show.')).toBeTruthy();
  });

  it('creates roles only with API_ROLE_MANAGE: without it the button says why, and custom roles have no menu', async () => {
    getMock.mockResolvedValue(ROLE_MATRIX);
    renderMatrix();
    await screen.findByRole('table');
    const create = screen.getByRole('button', { name: 'Create role' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect(document.getElementById(create.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Your role cannot create or change roles. Ask an owner or admin.',
    );
    expect(screen.getByText('Custom')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Actions for role/ })).toBeNull();
  });

  it("edits and deletes a custom role from its column (not one's own); a role in use stays, with the server's reason", async () => {
    getMock.mockResolvedValue({
      ...ROLE_MATRIX,
      roles: [
        ...ROLE_MATRIX.roles,
        { ...ROLE_MATRIX.roles.at(-1)!, code: 'CUSTOM_LEAD', name: 'Team lead', memberCount: 1 },
      ],
    });
    postMock.mockRejectedValue(
      new ApiError('1 member holds the role “Support”. Give them another role first.', ERROR_CODES.ROLE_IN_USE, 200),
    );
    renderWithState(
      <RolesMatrix />,
      testGlobalState({
        user: { ...TEST_USER, roleCode: 'CUSTOM_LEAD', roleName: 'Team lead' },
        permissions: { API_ROLE_MANAGE: true },
      }),
    );
    await screen.findByRole('table');
    // One's own role: the menu is there, disabled, with the reason.
    const own = screen.getByRole('button', { name: 'Actions for role Team lead' }) as HTMLButtonElement;
    expect(own.disabled).toBe(true);
    expect(document.getElementById(own.getAttribute('aria-describedby')!)?.textContent).toBe(OWN_ROLE);

    fireEvent.click(screen.getByRole('button', { name: 'Actions for role Support' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit role' }));
    expect(await screen.findByRole('dialog', { name: 'Edit role Support' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByRole('button', { name: 'Actions for role Support' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete role' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the role Support?' });
    expect(within(confirm).getByText(/1 member holds this role/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete role' }));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        TEAM_PATHS.deleteRole,
        { roleCode: 'CUSTOM_0A1B2C3D4E5F' },
        expect.objectContaining({ showErrorMessage: false }),
      ),
    );
    expect((await within(confirm).findByRole('alert')).textContent).toBe(
      '1 member holds the role “Support”. Give them another role first.',
    );
  });
});
