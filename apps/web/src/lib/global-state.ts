/**
 * The global client state of spec section 3, as features read it. The provider that loads it lives
 * in app/ (the shell); features only use the hook.
 */
import { createContext, useContext } from 'react';
import type { CurrentUser, MenuItem, MerchantSummary } from '@mbo/contracts/usercenter';
import type { Option, PayMethod } from '@mbo/contracts/acquiring';

export interface AlertInfo {
  customerDisputeCount: number;
  chargebackCount: number;
}

export interface GlobalState {
  status: 'loading' | 'success' | 'failure';
  alertInfo: AlertInfo;
  merchantGray: boolean;
  isPG: boolean;
  user: CurrentUser | null;
  menus: MenuItem[];
  authUrls: string[];
  subMerchantList: MerchantSummary[];
  payMethodList: PayMethod[];
  countryList: Option[];
  payMethodTypeList: Option[];
  payMethodNameList: Option[];
  statusList: Option[];
  payMethodMap: Record<string, string>;
  isMobile: boolean;
  /** Permission code → true when the server said ALLOW. */
  permissions: Record<string, boolean>;
}

export interface GlobalStateApi extends GlobalState {
  /** Loads everything again (after login, after a merchant switch). */
  reload(): Promise<void>;
  /** Reloads only the dispute counts (alertInfo). */
  refreshAlertInfo(): Promise<void>;
  hasPermission(code: string): boolean;
}

export const GlobalStateContext = createContext<GlobalStateApi | null>(null);

export function useGlobalState(): GlobalStateApi {
  const value = useContext(GlobalStateContext);
  if (!value) throw new Error('useGlobalState must be used inside the app layout');
  return value;
}
