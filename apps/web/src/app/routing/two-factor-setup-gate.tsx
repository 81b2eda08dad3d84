/**
 * The signed-in area of a user whose merchant requires two-factor sign-in and who has not set it up
 * (currentUser.twoFactorSetupRequired): only this panel, with the set-up flow of the user menu's
 * modal and "Log out". The server answers every other call with 002001B040 until set-up is done, so
 * nothing else of the area (layout, menus, global state, pages) mounts meanwhile (signed-in-route.tsx).
 * Once the recovery codes are confirmed, the current user is read again and the app loads as usual.
 */
import { Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import AuthCard from '@/components/auth-card';
import TwoFactorSetupFlow from '@/features/user-center/components/two-factor-setup-flow';
import { globalStateKeys } from '@/lib/query-keys';
import { currentUserQuery } from '../global-state/global-state-queries';
import SignedInApp from '../layout/signed-in-app';
import { useLogout } from '../layout/use-logout';
import { useTranslation } from '@/i18n/use-translation';

export default function TwoFactorSetupGate() {
  const queryClient = useQueryClient();
  const { logout, loggingOut } = useLogout();
  const { t } = useTranslation('shell');
  const user = queryClient.getQueryData(currentUserQuery().queryKey);

  const done = async () => {
    // Whatever the area asked before (and was refused) is asked again; the user first: once it no
    // longer requires set-up, the area renders the app in place of this panel.
    await queryClient.invalidateQueries({ queryKey: globalStateKeys.all, refetchType: 'none' });
    await queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0 });
  };

  return (
    <SignedInApp>
      <AuthCard
        title={t('twoFactorGate.title')}
        subtitle={t('twoFactorGate.subtitle', { account: user?.email ?? t('twoFactorGate.yourAccount') })}
        footer={
          <>
            {t('twoFactorGate.notNow')}{' '}
            <Button
              type="link"
              size="small"
              style={{ padding: 0, height: 'auto' }}
              loading={loggingOut}
              onClick={() => void logout()}
            >
              {t('twoFactorGate.logout')}
            </Button>
          </>
        }
      >
        <TwoFactorSetupFlow account={user?.email} onDone={done} />
      </AuthCard>
    </SignedInApp>
  );
}
