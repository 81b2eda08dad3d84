import type { ReactNode } from 'react';
import { Card, Col, Empty, Row } from 'antd';
import {
  ApiOutlined,
  BankOutlined,
  CreditCardOutlined,
  ExclamationCircleOutlined,
  LinkOutlined,
  RollbackOutlined,
  SendOutlined,
  TeamOutlined,
  UploadOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import type { Shortcut, ShortcutIcon } from '../utils/shortcuts';
import './shortcuts-card.css';
import { useTranslation } from '@/i18n/use-translation';

const ICONS: Record<ShortcutIcon, ReactNode> = {
  payments: <CreditCardOutlined />,
  refunds: <RollbackOutlined />,
  'payment-links': <LinkOutlined />,
  disputes: <ExclamationCircleOutlined />,
  settlements: <BankOutlined />,
  balance: <WalletOutlined />,
  withdraw: <UploadOutlined />,
  payout: <SendOutlined />,
  team: <TeamOutlined />,
  integration: <ApiOutlined />,
};

/** Links to the pages this user may open (the list is filtered by the caller). */
export function ShortcutsCard({ shortcuts }: { shortcuts: Shortcut[] }) {
  const { t } = useTranslation('home', { keyPrefix: 'shortcuts' });
  return (
    <Card title={t('title')}>
      {shortcuts.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('none')} />
      ) : (
        <nav aria-label={t('title')}>
          <Row gutter={[12, 12]}>
            {shortcuts.map((s) => (
              <Col key={s.key} xs={12} sm={8} lg={6} xl={8} xxl={6}>
                <Link to={s.url} className="mbo-home-shortcut">
                  <span aria-hidden className="mbo-home-shortcut__icon">
                    {ICONS[s.key]}
                  </span>
                  <span className="mbo-home-shortcut__text">
                    <span className="mbo-home-shortcut__label">{t(`${s.key}.label`)}</span>
                    <span className="mbo-home-shortcut__desc">{t(`${s.key}.description`)}</span>
                  </span>
                </Link>
              </Col>
            ))}
          </Row>
        </nav>
      )}
    </Card>
  );
}
