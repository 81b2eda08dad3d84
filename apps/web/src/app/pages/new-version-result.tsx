import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import StatusPanel from '@/components/status-panel';

/**
 * Shown when a script or stylesheet chunk could not be loaded (or took more than 120 s): the app
 * was most likely updated. Built without antd's Result so that it needs no further chunk.
 */
export default function NewVersionResult() {
  return (
    <StatusPanel
      kind="info"
      title="A new version of the app is available"
      subtitle="Part of the page could not be loaded, most likely because the app was just updated. Reload to get the latest version."
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    />
  );
}
