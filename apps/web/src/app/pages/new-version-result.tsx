import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import StatusPanel from '@/components/status-panel';
import { useTranslation } from '@/i18n/use-translation';

/**
 * Shown when a script or stylesheet chunk could not be loaded (or took more than 120 s): the app
 * was most likely updated. Built without antd's Result so that it needs no further chunk.
 */
export default function NewVersionResult() {
  // `common` is loaded before the first render: no chunk to load here.
  const { t } = useTranslation();
  return (
    <StatusPanel
      kind="info"
      title={t('newVersion.title')}
      subtitle={t('newVersion.subtitle')}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={() => window.location.reload()}>
          {t('newVersion.reload')}
        </Button>
      }
    />
  );
}
