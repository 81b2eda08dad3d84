import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { getHttpUi } from '@/lib/http/http-ui';
import { renderWithTestAntd } from '@/testing/test-antd';
import RootShell, { pageTitle } from './root-shell';

function renderShell() {
  const router = createMemoryRouter(
    [
      {
        element: <RootShell />,
        children: [
          { path: '/auth/login', handle: { title: 'Log in' }, element: <p>Login page</p> },
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

  it('names the page after the deepest named route', () => {
    expect(pageTitle([{ title: 'Transactions' }, { title: 'Payments' }, undefined])).toBe(
      'Payments - Merchant Back-office',
    );
    expect(pageTitle([undefined])).toBe('Merchant Back-office');
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
