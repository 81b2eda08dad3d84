/**
 * The root of the route tree: page titles from the route table, the HTTP client's toasts and login
 * redirect wired to the router, the base text style antd's App would give, and the "new version"
 * notice for failed chunks. antd's App itself (with its modal code) is the signed-in area's
 * (layout/signed-in-app.tsx), which takes the toasts over while mounted; here the toasts' code
 * (toast-host.tsx) loads when the first one is asked for or the user starts interacting.
 */
import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { theme } from 'antd';
import { Outlet, useMatches, useNavigate } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import type { TFunction } from 'i18next';
import { PRODUCT } from '@mbo/contracts/product';
import { setHttpUi } from '@/lib/http/http-ui';
import { loginPath } from '@/lib/login-redirect';
import { useChunkFailure, withChunkTimeout } from '@/lib/chunk-errors';
import NewVersionResult from '../pages/new-version-result';
import { routeTitle, type RouteHandle } from './route-handle';
import type { Toast } from './toast-config';

const ToastHost = lazy(() => withChunkTimeout(() => import('./toast-host')));
const INTERACTIONS = ['pointerdown', 'keydown'] as const;

/** `${routeName} - ${PRODUCT.name}` for the deepest route that has a name, in the language in force. */
export function pageTitle(handles: ReadonlyArray<unknown>, t: TFunction): string {
  const named = [...handles].reverse().find((h) => (h as RouteHandle | undefined)?.title) as RouteHandle | undefined;
  return named ? `${routeTitle(t, named.title)} - ${PRODUCT.name}` : PRODUCT.name;
}

function useDocumentTitle() {
  const matches = useMatches();
  const { t } = useTranslation();
  const title = pageTitle(
    matches.map((m) => m.handle),
    t,
  );
  useEffect(() => {
    document.title = title;
  }, [title]);
}

function useHttpUiBridge(): ReactNode {
  const navigate = useNavigate();
  const [hostWanted, setHostWanted] = useState(false);
  const show = useRef<((toast: Toast) => void) | null>(null);
  const queue = useRef<Toast[]>([]);

  const toast = useCallback((t: Toast) => {
    if (show.current) return show.current(t);
    queue.current.push(t);
    setHostWanted(true);
  }, []);
  useLayoutEffect(
    () =>
      setHttpUi({
        success: (content) => toast({ kind: 'success', content }),
        error: (content) => toast({ kind: 'error', content }),
        toLogin: (redirect) => void navigate(loginPath(redirect), { replace: true }),
      }),
    [toast, navigate],
  );
  // A toast usually answers what the user did: the host loads as they start, before the answer.
  useEffect(() => {
    const want = () => setHostWanted(true);
    for (const e of INTERACTIONS) window.addEventListener(e, want, { capture: true, passive: true, once: true });
    return () => {
      for (const e of INTERACTIONS) window.removeEventListener(e, want, { capture: true });
    };
  }, []);
  const onReady = useCallback((ready: (toast: Toast) => void) => {
    show.current = ready;
    for (const t of queue.current.splice(0)) ready(t);
  }, []);

  return hostWanted ? (
    <Suspense fallback={null}>
      <ToastHost onReady={onReady} />
    </Suspense>
  ) : null;
}

/** What antd's App gives its children: the theme's text colour, size, line height and font. */
function useBaseTextStyle(): CSSProperties {
  const { token } = theme.useToken();
  return {
    color: token.colorText,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    fontFamily: token.fontFamily,
  };
}

export default function RootShell() {
  const { t } = useTranslation();
  useDocumentTitle();
  const toasts = useHttpUiBridge();
  const textStyle = useBaseTextStyle();
  const chunkFailed = useChunkFailure();
  return (
    <div style={textStyle}>
      {toasts}
      <Outlet />
      {chunkFailed ? (
        <div
          role="alertdialog"
          aria-modal="true"
          aria-label={t('newVersion.title')}
          style={{
            position: 'fixed',
            inset: 0,
            zIndex: 2000,
            display: 'grid',
            placeItems: 'center',
            background: 'var(--mbo-bg-layout)',
            padding: 16,
          }}
        >
          <div
            style={{
              background: 'var(--mbo-bg-container)',
              borderRadius: 16,
              maxWidth: 520,
              boxShadow: '0 12px 40px var(--mbo-shadow)',
            }}
          >
            <NewVersionResult />
          </div>
        </div>
      ) : null}
    </div>
  );
}
