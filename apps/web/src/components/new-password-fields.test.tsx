import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { renderWithTestAntd } from '@/testing/test-antd';
import { setupUser } from '@/testing/user';
import { NewPasswordFields } from './new-password-fields';
import { i18n } from '@/i18n/i18n';
import { passwordChecks } from './password-checklist';

afterEach(cleanup);

function renderForm(onFinish = vi.fn(), differentFrom?: string) {
  renderWithTestAntd(
    <Form name="t" layout="vertical" onFinish={onFinish}>
      {differentFrom ? (
        <Form.Item name={differentFrom} label="Current password">
          <Input.Password />
        </Form.Item>
      ) : null}
      <NewPasswordFields differentFrom={differentFrom} />
      <Button htmlType="submit">Save</Button>
    </Form>,
  );
  return onFinish;
}

function checklistState() {
  const list = screen.getByRole('list', { name: 'Password requirements' });
  return Array.from(list.querySelectorAll('li')).map((li) => li.getAttribute('data-met'));
}

describe('passwordChecks', () => {
  it('mirrors the policy: 12–128 characters, letters and digits', () => {
    expect(passwordChecks('', i18n.getFixedT('en', 'password')).map((c) => c.met)).toEqual([false, false, false]);
    expect(passwordChecks('abc', i18n.getFixedT('en', 'password')).map((c) => c.met)).toEqual([false, true, false]);
    expect(passwordChecks('123456789012', i18n.getFixedT('en', 'password')).map((c) => c.met)).toEqual([
      true,
      false,
      true,
    ]);
    expect(passwordChecks('abcdefghij12', i18n.getFixedT('en', 'password')).map((c) => c.met)).toEqual([
      true,
      true,
      true,
    ]);
    expect(passwordChecks(`a1${'x'.repeat(127)}`, i18n.getFixedT('en', 'password'))[0].met).toBe(false);
  });
});

describe('NewPasswordFields', () => {
  it('ticks the checklist live as the user types', async () => {
    const user = setupUser();
    renderForm();
    expect(checklistState()).toEqual(['false', 'false', 'false']);
    // The checklist reads the field through Form.useWatch, which antd's form tells in a macrotask.
    await user.type(screen.getByLabelText('New password'), 'abc');
    await waitFor(() => expect(checklistState()).toEqual(['false', 'true', 'false']));
    await user.type(screen.getByLabelText('New password'), '123456789');
    await waitFor(() => expect(checklistState()).toEqual(['true', 'true', 'true']));
  });

  it('says what is missing when both fields are empty', async () => {
    const onFinish = renderForm();
    await setupUser().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a new password.')).toBeTruthy();
    expect(screen.getByText('Type the new password again to confirm it.')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('rejects a password that breaks the policy, naming the rule', async () => {
    const user = setupUser();
    const onFinish = renderForm();
    await user.type(screen.getByLabelText('New password'), 'short1');
    await user.type(screen.getByLabelText('Confirm new password'), 'short1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The new password is too weak. Use at least 12 characters.')).toBeTruthy();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'onlylettershere');
    expect(await screen.findByText('The new password is too weak. Use both letters and digits.')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('rejects a mismatched confirmation', async () => {
    const user = setupUser();
    const onFinish = renderForm();
    await user.type(screen.getByLabelText('New password'), 'GoodPassword2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'GoodPassword2027');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The passwords do not match. Type the new password again.')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('rejects a new password equal to the current one', async () => {
    const user = setupUser();
    const onFinish = renderForm(vi.fn(), 'currentPassword');
    await user.type(screen.getByLabelText('Current password'), 'GoodPassword2026');
    await user.type(screen.getByLabelText('New password'), 'GoodPassword2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'GoodPassword2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The new password must be different from the current password.')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('submits when the policy is met and both fields match', async () => {
    const user = setupUser();
    const onFinish = renderForm();
    await user.type(screen.getByLabelText('New password'), 'GoodPassword2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'GoodPassword2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onFinish).toHaveBeenCalledWith({ newPassword: 'GoodPassword2026', confirmPassword: 'GoodPassword2026' }),
    );
  });
});
