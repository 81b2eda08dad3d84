/**
 * Server menu icon names → @ant-design/icons components. Names are the icon component names
 * ('HomeOutlined'); a short form ('home', 'bank-accounts') is read as its Outlined icon.
 */
import type { ComponentType } from 'react';
import {
  AccountBookOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileTextOutlined,
  FundOutlined,
  HomeOutlined,
  LinkOutlined,
  PayCircleOutlined,
  PieChartOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  RetweetOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  ShopOutlined,
  SwapOutlined,
  SyncOutlined,
  TeamOutlined,
  TransactionOutlined,
  WalletOutlined,
} from '@ant-design/icons';

type IconComponent = ComponentType<{ className?: string }>;

export const MENU_ICONS: Record<string, IconComponent> = {
  AccountBookOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileTextOutlined,
  FundOutlined,
  HomeOutlined,
  LinkOutlined,
  PayCircleOutlined,
  PieChartOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  RetweetOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  ShopOutlined,
  SwapOutlined,
  SyncOutlined,
  TeamOutlined,
  TransactionOutlined,
  WalletOutlined,
};

/** The icon component of a menu icon name, or undefined when the name is unknown or empty. */
export function menuIcon(name: string | null | undefined): IconComponent | undefined {
  if (!name) return undefined;
  if (MENU_ICONS[name]) return MENU_ICONS[name];
  const pascal = name
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
  return MENU_ICONS[pascal] ?? MENU_ICONS[`${pascal}Outlined`];
}
