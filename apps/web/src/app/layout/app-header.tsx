import { Button, Layout } from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import ProductLogo from '@/components/product-logo';
import { useGlobalState } from '@/lib/global-state';
import SearchTrigger from '@/features/search/components/search-trigger';
import DisputeAlert from './dispute-alert';
import MerchantSwitcher from './merchant-switcher';
import UserMenu from './user-menu';
import { useTranslation } from '@/i18n/use-translation';

export interface AppHeaderProps {
  collapsed: boolean;
  onToggleMenu: () => void;
  onSwitchMerchant: (merchantId: string, merchantName: string) => void;
  switching: boolean;
}

/** The white header: menu toggle, global search, merchant switcher, dispute alert, user menu. */
export default function AppHeader({ collapsed, onToggleMenu, onSwitchMerchant, switching }: AppHeaderProps) {
  const { isMobile } = useGlobalState();
  const { t } = useTranslation('shell');
  return (
    <Layout.Header className="mbo-header">
      <div className="mbo-header__left">
        {isMobile ? (
          <>
            <Button type="text" aria-label={t('nav.openMenu')} icon={<MenuOutlined />} onClick={onToggleMenu} />
            <Link to="/home" aria-label={t('nav.home')} style={{ display: 'inline-flex' }}>
              <ProductLogo size={28} withName={false} />
            </Link>
          </>
        ) : (
          <Button
            type="text"
            aria-label={collapsed ? t('nav.expandMenu') : t('nav.collapseMenu')}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={onToggleMenu}
          />
        )}
      </div>
      <div className="mbo-header__right">
        <SearchTrigger compact={isMobile} />
        <MerchantSwitcher onSwitch={onSwitchMerchant} switching={switching} compact={isMobile} />
        <DisputeAlert />
        <UserMenu compact={isMobile} />
      </div>
    </Layout.Header>
  );
}
