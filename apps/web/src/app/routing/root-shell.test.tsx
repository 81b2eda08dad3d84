import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { getHttpUi } from '@/lib/http/http-ui';
import { changeLocale, i18n } from '@/i18n/i18n';
import { renderWithTestAntd } from '@/testing/test-antd';
import RootShell, { pageTitle } from './root-shell';

function renderShell() {
  const router = createMemoryRouter(
    [
      {
        element: <RootShell />,
        children: [
          { path: '/auth/login', handle: { title: '/auth/login' }, element: <p>Login page</p> },
          { path: '/home', element: <p>Home page</p> },
        ],
      },
    ],
    { initialEntries: ['/home'] },
  );
  renderWithTestAntd(<RouterProvider router={router} />);
  return router;
}

describe('RootShell', () => {
  afterEach(cleanup);

  it('names the page after the deepest named route, in the language in force', async () => {
    const handles = [{ title: '/transactions' }, { title: '/transactions/payments' }, undefined];
    expect(pageTitle(handles, i18n.t)).toBe('Payments - Merchant Back-office');
    expect(pageTitle([undefined], i18n.t)).toBe('Merchant Back-office');
    await changeLocale('zh-CN', { remember: false });
    expect(pageTitle(handles, i18n.t)).toBe('支付 - Merchant Back-office');
    await changeLocale('en', { remember: false });
  });

  it("shows the HTTP client's toasts asked for before their code has loaded, once it has", async () => {
    renderShell();
    await screen.findByText('Home page');
    act(() => {
      getHttpUi().error('Password is not correct.');
      getHttpUi().success('Saved.');
    });
    expect(await screen.findByText('Password is not correct.')).toBeTruthy();
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  it('sends the user to the login page within the app, with the path to come back to', async () => {
    const router = renderShell();
    await screen.findByText('Home page');
    act(() => getHttpUi().toLogin('/transactions/payments?status=SUCCESS'));
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent('/transactions/payments?status=SUCCESS')}`,
    );
  });
});
