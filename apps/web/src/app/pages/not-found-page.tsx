import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';

/** The 404 page (catch-all route). */
export default function NotFoundPage() {
  const navigate = useNavigate();
  const { t } = useTranslation('shell');
  return (
    <Result
      status="404"
      title={t('notFound.title', { ns: 'common' })}
      subTitle={t('notFound.subtitle', { ns: 'common' })}
      extra={
        <Button type="primary" onClick={() => navigate('/home')}>
          {t('backHome', { ns: 'common' })}
        </Button>
      }
    />
  );
}
