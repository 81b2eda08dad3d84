import { afterEach, describe, expect, it, vi } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { TEAM_PATHS } from '@mbo/contracts/team';
import { ApiError } from '@/lib/http/request';
import { renderWithState } from '@/testing/render-with-state';
import { ROLE_MATRIX } from '../utils/role-fixtures';
import { RoleFormDrawer } from './role-form-drawer';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  postMock.mockReset();
});

const SUPPORT = ROLE_MATRIX.roles.find((r) => r.name === 'Support')!;
const box = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;
/** The reason printed beside a box (its list item, or its page's block). */
const reasonOf = (input: HTMLInputElement) => input.closest('li, .mbo-role-form__page')!.textContent;

describe('RoleFormDrawer', () => {
  it('creates a role from Viewer: its boxes ticked, what the user lacks disabled with the reason; sends the ticked set', async () => {
    postMock.mockResolvedValue({ ...SUPPORT, name: 'Support desk' } as never);
    const onClose = vi.fn();
    renderWithState(<RoleFormDrawer target={{ kind: 'create' }} matrix={ROLE_MATRIX} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create role' });
    expect(within(dialog).getByText('Viewer')).toBeTruthy();

    // Viewer's pages, held by the team lead: ticked. A refund: not held, disabled, and the page says why.
    expect(box(dialog, /^Payments/).checked).toBe(true);
    expect(box(dialog, /^Payment details/).checked).toBe(true);
    const refund = box(dialog, /^Refund payments/);
    expect([refund.checked, refund.disabled]).toEqual([false, true]);
    expect(reasonOf(refund)).toContain('Your role does not have this');
    // An action waits for its page.
    const changeRoles = box(dialog, /^Change roles/);
    expect(changeRoles.disabled).toBe(true);
    expect(reasonOf(changeRoles)).toContain('Tick its page first');
    expect(within(dialog).getByText('Grants 2 pages and 1 detail page or action')).toBeTruthy();

    // A name is needed before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await within(dialog).findByText('Enter a name for the role.')).toBeTruthy();
    expect(postMock).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  Support desk ' } });
    fireEvent.click(box(dialog, /^Team/));
    expect(box(dialog, /^Change roles/).disabled).toBe(false);
    fireEvent.click(box(dialog, /^Change roles/));
    // Payments unticked: its details go with it.
    fireEvent.click(box(dialog, /^Payments/));
    expect(box(dialog, /^Payment details/).checked).toBe(false);
    expect(box(dialog, /^Payment details/).disabled).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        TEAM_PATHS.createRole,
        {
          baseCode: 'VIEWER',
          name: 'Support desk',
          menuUrls: ['/home', '/settings/team'],
          permissionCodes: ['API_MEMBER_UPDATE'],
        },
        { showSuccessMessage: true, showErrorMessage: false },
      ),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('starts again from another base, and says what of it the user does not hold', async () => {
    renderWithState(<RoleFormDrawer target={{ kind: 'create' }} matrix={ROLE_MATRIX} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create role' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Start from' }));
    await screen.findByRole('listbox', { hidden: true });
    // Owner is no base: its powers come with the Owner role alone.
    expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'))).toEqual([
      'Finance',
      'Viewer',
    ]);
    fireEvent.click(screen.getByTitle('Finance'));
    expect(
      await within(dialog).findByText("1 of Finance's pages and actions are not ticked: your role does not have them."),
    ).toBeTruthy();
    expect(box(dialog, /^Refund payments/).checked).toBe(false);
  });

  it("edits a custom role's name and boxes, sent with its code; a refusal stays in the drawer", async () => {
    postMock.mockRejectedValue(
      new ApiError('A role named “Finance” already exists. Choose another name.', ERROR_CODES.ROLE_NAME_TAKEN, 200),
    );
    const onClose = vi.fn();
    renderWithState(<RoleFormDrawer target={{ kind: 'edit', role: SUPPORT }} matrix={ROLE_MATRIX} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit role Support' });
    expect(within(dialog).getByText(/Made from Viewer/)).toBeTruthy();
    expect(within(dialog).queryByRole('combobox', { name: 'Start from' })).toBeNull();
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Support');
    fireEvent.change(name, { target: { value: 'Finance' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save role' }));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        TEAM_PATHS.editRole,
        {
          roleCode: SUPPORT.code,
          name: 'Finance',
          menuUrls: ['/home', '/transactions/payments'],
          permissionCodes: ['PAGE_PAYMENTS_DETAIL'],
        },
        expect.anything(),
      ),
    );
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'A role named “Finance” already exists. Choose another name.',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
