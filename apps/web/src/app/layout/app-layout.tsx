/**
 * The global layout of every route except /auth (spec section 2): it loads the global state (blank
 * while loading), guards the route against authUrls (403 page), and frames the page with the side
 * menu (a drawer on mobile) and the header.
 */
import { useCallback, useState } from 'react';
import { App, Button, Drawer, Layout, Result, Spin } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { USERCENTER_PATHS } from '@mbo/contracts/usercenter';
import ProductLogo from '@/components/product-logo';
import { useGlobalState } from '@/lib/global-state';
import { ApiError, CANCELLED_CODE, post } from '@/lib/http/request';
import { HOME_PATH, LOGIN_PATH } from '@/lib/login-redirect';
import { refusalWords } from '@/lib/refusal';
import { globalStateKeys, isMerchantScoped } from '@/lib/query-keys';
import GlobalStateProvider from '../global-state/global-state-provider';
import BlankPlaceholder from '../pages/blank-placeholder';
import GuardedOutlet from '../routing/guarded-outlet';
import AppHeader from './app-header';
import SideMenu from './side-menu';
import SignedInApp from './signed-in-app';
import SkipLink, { MAIN_CONTENT_ID } from './skip-link';
import { useLinkedMerchant } from './use-linked-merchant';
import './app-layout.css';
import { useTranslation } from '@/i18n/use-translation';
import { SHELL_NAMESPACES } from '@/i18n/i18n';

const COLLAPSED_KEY = 'mbo.sider.collapsed';

function LayoutFrame() {
  const { isMobile, menus, user, subMerchantList } = useGlobalState();
  const { reload } = useGlobalState();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { t } = useTranslation('shell');
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [switching, setSwitching] = useState(false);

  const toggleMenu = () => {
    if (isMobile) {
      setDrawerOpen(true);
      return;
    }
    setCollapsed((c) => {
      localStorage.setItem(COLLAPSED_KEY, c ? '0' : '1');
      return !c;
    });
  };

  /** Switches to the merchant, then opens the home page (or `returnTo`, a linked page: useLinkedMerchant). */
  const switchMerchant = useCallback(
    async (merchantId: string, merchantName: string, returnTo?: string): Promise<boolean> => {
      setSwitching(true); // the page unmounts: nothing of the old merchant stays on screen
      try {
        await post(USERCENTER_PATHS.switchMerchant, { merchantId }, { showErrorMessage: false });
      } catch (err) {
        setSwitching(false);
        // Access narrowed to other sub-merchants since the list was loaded: say so, and who can widen it.
        if (err instanceof ApiError && err.code === ERROR_CODES.MERCHANT_NOT_ACCESSIBLE) {
          const allowed = subMerchantList.filter((m) => m.parentMerchantId && m.merchantId !== merchantId);
          const words = refusalWords({
            kind: 'scope',
            merchantName,
            homeMerchantName: user?.homeMerchantName ?? t('merchant.yourMerchant'),
            allowed: allowed.map((m) => m.merchantName),
          });
          message.error({ content: `${words.reason} ${words.remedy}`, key: 'merchant-switch' });
        } else if (!(err instanceof ApiError) || err.code !== CANCELLED_CODE) {
          message.error({
            content: err instanceof Error ? err.message : t('merchant.switchFailed'),
            key: 'merchant-switch',
          });
        }
        return false;
      }
      // Everything of the old merchant goes; the session (user, menus, permissions) is reloaded below.
      queryClient.removeQueries({ predicate: isMerchantScoped });
      await reload();
      navigate(returnTo ?? HOME_PATH, { replace: returnTo !== undefined });
      setSwitching(false);
      message.success({ content: t('merchant.switched', { merchant: merchantName }), key: 'merchant-switch' });
      return true;
    },
    [queryClient, reload, navigate, message, subMerchantList, user, t],
  );
  const linkedSwitchPending = useLinkedMerchant(switchMerchant);

  return (
    <Layout className="mbo-layout" hasSider={!isMobile}>
      <SkipLink />
      {isMobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={280}
          title={<ProductLogo size={28} />}
          styles={{ body: { padding: '8px 0' }, header: { padding: '16px 20px' } }}
        >
          <SideMenu onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Layout.Sider
          className="mbo-sider"
          theme="light"
          width={240}
          collapsedWidth={72}
          collapsible
          collapsed={collapsed}
          trigger={null}
        >
          <div className={`mbo-sider__brand${collapsed ? ' mbo-sider__brand--collapsed' : ''}`}>
            <ProductLogo size={30} withName={!collapsed} />
          </div>
          <nav className="mbo-sider__menu" aria-label={t('nav.main')}>
            {menus.length ? <SideMenu collapsed={collapsed} /> : null}
          </nav>
        </Layout.Sider>
      )}
      <Layout className="mbo-main">
        <AppHeader
          collapsed={collapsed}
          onToggleMenu={toggleMenu}
          onSwitchMerchant={switchMerchant}
          switching={switching}
        />
        <Layout.Content className="mbo-content" id={MAIN_CONTENT_ID} tabIndex={-1}>
          {switching || linkedSwitchPending ? (
            <div className="mbo-content__switching">
              <Spin size="large" />
              <span>{t('merchant.switching')}</span>
            </div>
          ) : (
            <GuardedOutlet />
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

function LoadFailure({ onRetry }: { onRetry: () => void }) {
  const navigate = useNavigate();
  const { t } = useTranslation('shell');
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: 'var(--mbo-bg-layout)' }}>
      <Result
        status="warning"
        title={t('loadFailure.title')}
        subTitle={t('loadFailure.subtitle')}
        extra={[
          <Button key="retry" type="primary" onClick={onRetry}>
            {t('loadFailure.retry')}
          </Button>,
          <Button key="login" onClick={() => navigate(LOGIN_PATH)}>
            {t('loadFailure.signInAgain')}
          </Button>,
        ]}
      />
    </div>
  );
}

function LayoutGate() {
  const { status, user, reload } = useGlobalState();
  const queryClient = useQueryClient();
  if (status === 'loading') return <BlankPlaceholder />;
  if (status === 'failure') {
    const errors = [globalStateKeys.currentUser(), globalStateKeys.menus()].map(
      (key) => queryClient.getQueryState(key)?.error,
    );
    // No session (431) or not allowed (430): the client is already taking the user to the login page.
    if (errors.some((e) => e instanceof ApiError && (e.status === 431 || e.status === 430)))
      return <BlankPlaceholder />;
  }
  if (status === 'failure') return <LoadFailure onRetry={() => void reload()} />;
  if (user?.forceResetPassword) return <Navigate to="/auth/force_reset_password" replace />;
  return <LayoutFrame />;
}

export default function AppLayout() {
  // The area's words (its shell and the shared components') are in before anything of it renders.
  useTranslation(SHELL_NAMESPACES);
  return (
    <SignedInApp>
      <GlobalStateProvider>
        <LayoutGate />
      </GlobalStateProvider>
    </SignedInApp>
  );
}
