/**
 * The root of the route tree: page titles from the route table, the HTTP client's toasts and login
 * redirect wired to antd's App and the router, and the "new version" notice for failed chunks.
 */
import { useEffect, useLayoutEffect } from 'react';
import { App } from 'antd';
import { Outlet, useMatches, useNavigate } from 'react-router';
import { PRODUCT } from '@mbo/contracts/product';
import { setHttpUi } from '@/lib/http/http-ui';
import { loginPath } from '@/lib/login-redirect';
import { useChunkFailure } from '@/lib/chunk-errors';
import NewVersionResult from '../pages/new-version-result';
import type { RouteHandle } from './route-handle';

/** `${routeName} - ${PRODUCT.name}` for the deepest route that has a name. */
export function pageTitle(handles: ReadonlyArray<unknown>): string {
  const named = [...handles].reverse().find((h) => (h as RouteHandle | undefined)?.title) as RouteHandle | undefined;
  return named ? `${named.title} - ${PRODUCT.name}` : PRODUCT.name;
}

function useDocumentTitle() {
  const matches = useMatches();
  const title = pageTitle(matches.map((m) => m.handle));
  useEffect(() => {
    document.title = title;
  }, [title]);
}

function useHttpUiBridge() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  useLayoutEffect(
    () =>
      setHttpUi({
        success: (content) => void message.success({ content, key: `ok:${content}` }),
        error: (content) => void message.error({ content, key: `err:${content}`, duration: 4 }),
        toLogin: (redirect) => void navigate(loginPath(redirect), { replace: true }),
      }),
    [message, navigate],
  );
}

export default function RootShell() {
  useDocumentTitle();
  useHttpUiBridge();
  const chunkFailed = useChunkFailure();
  return (
    <>
      <Outlet />
      {chunkFailed ? (
        <div
          role="alertdialog"
          aria-modal="true"
          aria-label="A new version of the app is available"
          style={{
            position: 'fixed',
            inset: 0,
            zIndex: 2000,
            display: 'grid',
            placeItems: 'center',
            background: 'rgba(245, 247, 251, 0.96)',
            padding: 16,
          }}
        >
          <div style={{ background: '#fff', borderRadius: 16, maxWidth: 520, boxShadow: '0 12px 40px rgba(10,20,47,0.1)' }}>
            <NewVersionResult />
          </div>
        </div>
      ) : null}
    </>
  );
}
