/**
 * The calls the global state loads (spec section 7), as TanStack Query options; their keys are lib/query-keys.ts's
 * globalStateKeys.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  ACQUIRING_PATHS,
  type AgreementDropdownConfigs,
  type DisputeStatusCountResponse,
  type PayMethod,
} from '@mbo/contracts/acquiring';
import { PAYIN_SERVICE_PATHS, type GrayMerchantAnswer } from '@mbo/contracts/payin-services';
import { PERMISSION_CODES } from '@mbo/contracts/permissions';
import {
  USERCENTER_PATHS,
  type CurrentUser,
  type IsPermissionAllowedResponse,
  type MenuItem,
  type MerchantSummary,
} from '@mbo/contracts/usercenter';
import { get, post } from '@/lib/http/request';
import { globalStateKeys } from '@/lib/query-keys';
import { readList, toAlertInfo } from './derive';

/** The codes asked for in one is-permission-allowed call. */
export const PERMISSION_QUERY = PERMISSION_CODES.join(',');

const STALE = 5 * 60_000;

/**
 * Who the user is and what their role grants (current user, menus, permission map) can change while
 * a tab is open (an owner changes the role, disables the user, the merchant requires two-factor
 * sign-in). These three are read again when the tab comes back into view and they are older than a
 * minute, and every minute while it is in view (never in the background); a 430 answer reloads them
 * at once (global-state-provider.tsx). A disabled user's tab meets the login page at its next call.
 */
export const ACCESS_REFRESH_MS = 60_000;
const accessRefresh = {
  staleTime: ACCESS_REFRESH_MS,
  refetchOnWindowFocus: true,
  refetchInterval: ACCESS_REFRESH_MS,
  refetchIntervalInBackground: false,
} as const;

export const currentUserQuery = () =>
  queryOptions({
    queryKey: globalStateKeys.currentUser(),
    // Silent: without a session the client sends the visitor to the login page; a "User not login."
    // toast there would greet everyone who opens the app.
    queryFn: ({ signal }) =>
      get<CurrentUser>(USERCENTER_PATHS.currentUser, undefined, { signal, showErrorMessage: false }),
    ...accessRefresh,
  });

export const menusQuery = () =>
  queryOptions({
    queryKey: globalStateKeys.menus(),
    queryFn: async ({ signal }) =>
      readList<MenuItem>(
        await get<unknown>(USERCENTER_PATHS.menuList, undefined, { signal, showErrorMessage: false }),
        'menus',
        'menuList',
        'records',
      ),
    ...accessRefresh,
  });

export const permissionsQuery = () =>
  queryOptions({
    queryKey: globalStateKeys.permissions(PERMISSION_QUERY),
    // A refresh of a map already loaded is quiet: a failed minute-by-minute refresh keeps the map it has.
    queryFn: async ({ signal, client, queryKey }) =>
      (
        await get<IsPermissionAllowedResponse>(
          USERCENTER_PATHS.isPermissionAllowed,
          { permissionCodes: PERMISSION_QUERY },
          { signal, showErrorMessage: client.getQueryData(queryKey) === undefined },
        )
      )?.permissions ?? {},
    ...accessRefresh,
  });

export const subMerchantsQuery = () =>
  queryOptions({
    queryKey: globalStateKeys.subMerchants(),
    queryFn: async ({ signal }) =>
      readList<MerchantSummary>(
        await get<unknown>(USERCENTER_PATHS.subMerchantList, undefined, { signal }),
        'subMerchantList',
        'records',
        'list',
      ),
    staleTime: STALE,
  });

export const agreementConfigsQuery = () =>
  queryOptions({
    queryKey: globalStateKeys.agreementConfigs(),
    queryFn: async ({ signal }): Promise<AgreementDropdownConfigs> => {
      const data = await get<Partial<AgreementDropdownConfigs> | null>(
        ACQUIRING_PATHS.agreementDropdownConfigs,
        undefined,
        { signal },
      );
      return {
        countryList: data?.countryList ?? [],
        payMethodTypeList: data?.payMethodTypeList ?? [],
        payMethodNameList: data?.payMethodNameList ?? [],
        statusList: data?.statusList ?? [],
      };
    },
    staleTime: 30 * 60_000,
  });

export const payMethodConfigsQuery = () =>
  queryOptions({
    queryKey: globalStateKeys.payMethodConfigs(),
    queryFn: async ({ signal }) =>
      readList<PayMethod>(
        await get<unknown>(ACQUIRING_PATHS.payMethodDropdownConfigs, undefined, { signal }),
        'payMethodList',
        'records',
        'list',
      ),
    staleTime: 30 * 60_000,
  });

/** Disputes that need evidence; errors are not shown to the user (spec section 7). */
export const alertInfoQuery = () =>
  queryOptions({
    queryKey: globalStateKeys.alertInfo(),
    queryFn: async ({ signal }) =>
      toAlertInfo(
        await get<DisputeStatusCountResponse>(
          ACQUIRING_PATHS.disputeStatusCount,
          { disputeStatus: 'EVIDENCE_REQUIRED' },
          { signal, showErrorMessage: false },
        ),
      ),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });

/**
 * The merchantGray flag (spec section 3; the client keeps true until the server says otherwise). Quiet:
 * nothing waits for it, so a failure is not the user's concern.
 */
export const merchantGrayQuery = () =>
  queryOptions({
    queryKey: globalStateKeys.merchantGray(),
    queryFn: async ({ signal }) => {
      const data = await post<Partial<GrayMerchantAnswer> | null>(
        PAYIN_SERVICE_PATHS.isGrayMerchant,
        {},
        { signal, showErrorMessage: false },
      );
      return typeof data?.merchantGray === 'boolean' ? data.merchantGray : true;
    },
    staleTime: STALE,
  });
