import { useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { Link, useLocation, useMatches } from 'react-router';
import type { MenuItem } from '@mbo/contracts/usercenter';
import { useGlobalState } from '@/lib/global-state';
import { activeMenuKey, menuUrls, normalizePath, parentMenuKeys } from '../routing/route-access';
import type { RouteHandle } from '../routing/route-handle';
import { menuIcon } from './menu-icons';
import { useTranslation } from '@/i18n/use-translation';
import type { TFunction } from 'i18next';

type AntItem = Required<MenuProps>['items'][number];

/** An entry's words in the language in force (shell:menu.<menuId>), else the server's menuName. */
const menuLabel = (t: TFunction, m: MenuItem) => t(`menu.${m.menuId}`, { ns: 'shell', defaultValue: m.menuName });

function toItems(menus: readonly MenuItem[], t: TFunction, depth = 0): AntItem[] {
  return menus.map((m) => {
    const Icon = depth === 0 ? menuIcon(m.icon) : undefined;
    const icon = Icon ? <Icon /> : undefined;
    const label = menuLabel(t, m);
    if (m.childMenus?.length) {
      return { key: m.menuUrl || m.menuId, icon, label, children: toItems(m.childMenus, t, depth + 1) };
    }
    return { key: normalizePath(m.menuUrl), icon, label: <Link to={m.menuUrl}>{label}</Link> };
  });
}

export interface SideMenuProps {
  /** The menu sits in a collapsed sider (icons only). */
  collapsed?: boolean;
  /** Called after the user picked an entry (the mobile drawer closes). */
  onNavigate?: () => void;
}

/** The side menu, rendered from the server's menu list, highlighting the current route. */
export default function SideMenu({ collapsed = false, onNavigate }: SideMenuProps) {
  const { menus } = useGlobalState();
  const { pathname } = useLocation();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const { t } = useTranslation('shell');
  const items = useMemo(() => toItems(menus, t), [menus, t]);
  const urls = useMemo(() => menuUrls(menus), [menus]);
  const selected = activeMenuKey(pathname, urls, handle?.activeMenu);
  const [openKeys, setOpenKeys] = useState<string[]>(() => parentMenuKeys(menus, selected));

  // A new page opens the submenus that hold it (the user may still close them).
  const [shownFor, setShownFor] = useState(selected);
  if (shownFor !== selected) {
    setShownFor(selected);
    const parents = parentMenuKeys(menus, selected);
    if (!parents.every((k) => openKeys.includes(k))) setOpenKeys([...new Set([...openKeys, ...parents])]);
  }

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={() => onNavigate?.()}
      style={{ borderInlineEnd: 'none', background: 'transparent' }}
      aria-label={t('nav.mainMenu')}
    />
  );
}
