/**
 * Loads the global state of spec section 3 (all calls in parallel) and provides it through
 * GlobalStateContext (src/lib/global-state.ts). Mounted by the layout.
 *
 * The current user, menus and permission map follow role changes in an open tab: they are read again
 * when the tab comes back into view and every minute (global-state-queries.ts), and at once when a
 * call answers 430 or 002001B040 (the HTTP client's access signals).
 */
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { PERMISSION_CODES } from '@mbo/contracts/permissions';
import { GlobalStateContext, type GlobalStateApi } from '@/lib/global-state';
import { onAccessSignal } from '@/lib/http/access-signals';
import { globalStateKeys } from '@/lib/query-keys';
import {
  agreementConfigsQuery,
  alertInfoQuery,
  currentUserQuery,
  menusQuery,
  merchantGrayQuery,
  payMethodConfigsQuery,
  PERMISSION_QUERY,
  permissionsQuery,
  subMerchantsQuery,
} from './global-state-queries';
import { EMPTY_ALERT_INFO, flattenAuthUrls, toPayMethodMap, toPermissionMap } from './derive';
import { useIsMobile } from './use-is-mobile';

const DISPUTE_COUNT_CODE = 'API_DISPUTES_STATUS_COUNT';
const NO_OPTIONS = { countryList: [], payMethodTypeList: [], payMethodNameList: [], statusList: [] };

/**
 * Reloads what the user's access decides when a call says it changed: 430 → the current user, menus
 * and permission map (the menus follow; a page no longer granted shows the 403 page); 002001B040 →
 * the current user (its twoFactorSetupRequired puts the set-up panel in place of the app). A reload
 * under way is joined, not restarted, when several calls answer so at once.
 */
function useAccessSignals() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAccessSignal((signal) => {
        const keys =
          signal === 'permission-denied'
            ? [globalStateKeys.currentUser(), globalStateKeys.menus(), globalStateKeys.permissions(PERMISSION_QUERY)]
            : [globalStateKeys.currentUser()];
        for (const queryKey of keys) {
          void queryClient.invalidateQueries(
            { queryKey, exact: true, refetchType: 'active' },
            { cancelRefetch: false },
          );
        }
      }),
    [queryClient],
  );
}

export function useGlobalStateLoader(): GlobalStateApi {
  const queryClient = useQueryClient();
  const isMobile = useIsMobile();
  const user = useQuery(currentUserQuery());
  // A user who must reset the password can call nothing else: the layout sends them to the reset page.
  const mustReset = user.data?.forceResetPassword === true;
  // Nor can a user who must set up two-factor sign-in: the signed-in area shows the set-up panel.
  const mustSetUpTwoFactor = user.data?.twoFactorSetupRequired === true;
  const enabled = !!user.data && !mustReset && !mustSetUpTwoFactor;
  useAccessSignals();
  const [menus, permissions, subMerchants, agreementConfigs, payMethods] = useQueries({
    queries: [
      { ...menusQuery(), enabled },
      { ...permissionsQuery(), enabled },
      { ...subMerchantsQuery(), enabled },
      { ...agreementConfigsQuery(), enabled },
      { ...payMethodConfigsQuery(), enabled },
    ],
  });
  // The dispute count is asked only where the server grants it (a payout merchant has no disputes).
  const canCountDisputes = permissions.data?.[DISPUTE_COUNT_CODE] === 'ALLOW';
  const alertInfo = useQuery({ ...alertInfoQuery(), enabled: enabled && canCountDisputes });
  // Not part of `status`: the layout does not wait for it; merchantGray stays true until it answers.
  const merchantGray = useQuery({ ...merchantGrayQuery(), enabled });

  const rest = [
    menus,
    permissions,
    subMerchants,
    agreementConfigs,
    payMethods,
    ...(canCountDisputes ? [alertInfo] : []),
  ];
  const status: GlobalStateApi['status'] = user.isPending
    ? 'loading'
    : !user.data
      ? 'failure'
      : mustReset || mustSetUpTwoFactor
        ? 'success'
        : rest.some((q) => q.isPending)
          ? 'loading'
          : menus.data
            ? 'success'
            : 'failure';

  const reload = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: globalStateKeys.all, refetchType: 'active' });
  }, [queryClient]);

  const refreshAlertInfo = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: globalStateKeys.alertInfo(), refetchType: 'active' });
  }, [queryClient]);

  const permissionMap = useMemo(() => toPermissionMap(PERMISSION_CODES, permissions.data), [permissions.data]);
  const hasPermission = useCallback((code: string) => permissionMap[code] === true, [permissionMap]);
  const menuList = menus.data;
  const authUrls = useMemo(() => flattenAuthUrls(menuList ?? []), [menuList]);
  const configs = agreementConfigs.data ?? NO_OPTIONS;
  const payMethodMap = useMemo(() => toPayMethodMap(configs.payMethodNameList), [configs.payMethodNameList]);

  return useMemo<GlobalStateApi>(
    () => ({
      status,
      alertInfo: alertInfo.data ?? EMPTY_ALERT_INFO,
      merchantGray: merchantGray.data ?? true,
      isPG: user.data?.merchantSignProducts === 'DIRECT_PAYMENT',
      user: user.data ?? null,
      menus: menuList ?? [],
      authUrls,
      subMerchantList: subMerchants.data ?? [],
      payMethodList: payMethods.data ?? [],
      countryList: configs.countryList,
      payMethodTypeList: configs.payMethodTypeList,
      payMethodNameList: configs.payMethodNameList,
      statusList: configs.statusList,
      payMethodMap,
      isMobile,
      permissions: permissionMap,
      reload,
      refreshAlertInfo,
      hasPermission,
    }),
    [
      status,
      alertInfo.data,
      merchantGray.data,
      user.data,
      menuList,
      authUrls,
      subMerchants.data,
      payMethods.data,
      configs,
      payMethodMap,
      isMobile,
      permissionMap,
      reload,
      refreshAlertInfo,
      hasPermission,
    ],
  );
}

export default function GlobalStateProvider({ children }: { children: ReactNode }) {
  const value = useGlobalStateLoader();
  return <GlobalStateContext.Provider value={value}>{children}</GlobalStateContext.Provider>;
}
