import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useGlobalState } from '@/lib/global-state';
import { pageRefusalCause, refusalWords } from '@/lib/refusal';
import { useTranslation } from '@/i18n/use-translation';

/**
 * The 403 page: a route the user may not open, with its cause (the merchant's product or the user's
 * role, lib/refusal.ts) and who can change it.
 */
export default function ForbiddenPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user } = useGlobalState();
  const { t } = useTranslation('shell');
  const cause = pageRefusalCause(pathname, user);
  const words = refusalWords(cause);
  return (
    <Result
      status="403"
      title={t('forbidden.title')}
      subTitle={
        <>
          {words.reason} {words.remedy}
        </>
      }
      extra={
        <Button type="primary" onClick={() => navigate('/home')}>
          {t('backHome', { ns: 'common' })}
        </Button>
      }
    />
  );
}
