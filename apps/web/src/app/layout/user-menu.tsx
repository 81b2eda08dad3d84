import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Avatar, Button, Tag, type MenuProps } from 'antd';
import {
  DownOutlined,
  HistoryOutlined,
  LockOutlined,
  LogoutOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useGlobalState } from '@/lib/global-state';
import { withChunkTimeout } from '@/lib/chunk-errors';
import MenuButton from '@/components/menu-button';
import { useLogout } from './use-logout';
import { isThemeMenuKey, useThemeMenuItems } from './theme-menu-items';
import { useTranslation } from '@/i18n/use-translation';
import { isLanguageMenuKey, useLanguageMenuItems } from './language-menu-items';

type PanelProps = { open: boolean; onClose: () => void };
const lazyPanel = (load: () => Promise<{ default: ComponentType<PanelProps> }>) => lazy(() => withChunkTimeout(load));

const ProfileDrawer = lazyPanel(() => import('@/features/user-center/components/profile-drawer'));
const LoginHistoryModal = lazyPanel(() => import('@/features/user-center/components/login-history-modal'));
const ChangePasswordModal = lazyPanel(() => import('@/features/user-center/components/change-password-modal'));
const TwoFactorModal = lazyPanel(() => import('@/features/user-center/components/two-factor-modal'));

type Panel = 'profile' | 'login-history' | 'change-password' | 'two-factor';

export function initials(name: string | undefined, email: string | undefined): string {
  const source = (name || email || '?').trim();
  const parts = source.split(/[\s@._-]+/).filter(Boolean);
  const letters = parts.length >= 2 ? parts[0][0] + parts[1][0] : source.slice(0, 2);
  return letters.toUpperCase();
}

/**
 * The user menu of the header: name and email; profile, login history, change password, two-factor
 * sign-in (with its On/Off state), the theme (theme-menu-items.tsx), the language
 * (language-menu-items.tsx), log out.
 */
export default function UserMenu({ compact }: { compact?: boolean }) {
  const { user } = useGlobalState();
  const [open, setOpen] = useState<Panel | null>(null);
  const [mounted, setMounted] = useState<Set<Panel>>(new Set());
  const { logout, loggingOut } = useLogout();
  const themeItems = useThemeMenuItems(user);
  const languageItems = useLanguageMenuItems(user);
  const { t } = useTranslation('shell');

  const show = (panel: Panel) => {
    setMounted((s) => new Set(s).add(panel));
    setOpen(panel);
  };
  const close = () => setOpen(null);

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: t('userMenu.profile') },
    { key: 'login-history', icon: <HistoryOutlined />, label: t('userMenu.loginHistory') },
    { key: 'change-password', icon: <LockOutlined />, label: t('userMenu.changePassword') },
    {
      key: 'two-factor',
      icon: <SafetyCertificateOutlined />,
      label: (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          {t('userMenu.twoFactor')}
          <Tag color={user?.twoFactorEnabled ? 'success' : 'default'} style={{ marginInlineEnd: 0 }}>
            {user?.twoFactorEnabled ? t('userMenu.on') : t('userMenu.off')}
          </Tag>
        </span>
      ),
    },
    { type: 'divider' },
    themeItems,
    languageItems,
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('userMenu.logout'), danger: true, disabled: loggingOut },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (isThemeMenuKey(key) || isLanguageMenuKey(key)) return;
    if (key === 'logout') {
      void logout();
      return;
    }
    show(key as Panel);
  };

  if (!user) return null;
  return (
    <>
      <MenuButton
        placement="bottomRight"
        menu={{ items, onClick }}
        popupRender={(menu) => (
          <div className="mbo-user-menu">
            <div className="mbo-user-menu__who">
              <div className="mbo-user-menu__name">{user.name}</div>
              <div className="mbo-user-menu__email">{user.email}</div>
              {user.roleName ? <div className="mbo-user-menu__role">{user.roleName}</div> : null}
            </div>
            {menu}
          </div>
        )}
      >
        {/* Named by its visible text, so the name a speech user says is the one on screen. */}
        {/* On a phone only the initials show: the name is in hidden text, not an aria-label the
            initials would contradict. */}
        <Button type="text" className="mbo-header__user">
          <Avatar size={30} style={{ background: 'var(--mbo-primary)', fontSize: 13, flex: 'none' }} aria-hidden>
            {initials(user.name, user.email)}
          </Avatar>
          <span className={compact ? 'mbo-visually-hidden' : 'mbo-header__user-name'}>
            <span className="mbo-visually-hidden">{t('userMenu.accountMenuOf')}</span>
            {user.name || user.email}
          </span>
          {compact ? null : <DownOutlined style={{ fontSize: 10, color: 'var(--mbo-text-tertiary)' }} />}
        </Button>
      </MenuButton>
      <Suspense fallback={null}>
        {mounted.has('profile') && <ProfileDrawer open={open === 'profile'} onClose={close} />}
        {mounted.has('login-history') && <LoginHistoryModal open={open === 'login-history'} onClose={close} />}
        {mounted.has('change-password') && <ChangePasswordModal open={open === 'change-password'} onClose={close} />}
        {mounted.has('two-factor') && <TwoFactorModal open={open === 'two-factor'} onClose={close} />}
      </Suspense>
    </>
  );
}
