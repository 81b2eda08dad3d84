import { useTranslation } from '@/i18n/use-translation';
import { useNavigate } from 'react-router';
import { Tabs } from 'antd';
import { useGlobalState } from '@/lib/global-state';
import { BATCH_HISTORY_PATH, OPEN_BATCHES_PATH } from '../utils/batch-status';

/** "Open batches" / "Batch history": the two batch lists, for a role that may open both. */
export function BatchTabs({ active }: { active: typeof OPEN_BATCHES_PATH | typeof BATCH_HISTORY_PATH }) {
  const { authUrls } = useGlobalState();
  const navigate = useNavigate();
  const { t } = useTranslation('settlements', { keyPrefix: 'tabs' });
  const tabs = [
    { key: OPEN_BATCHES_PATH, label: t('open') },
    { key: BATCH_HISTORY_PATH, label: t('history') },
  ];
  if (!tabs.every((tab) => authUrls.includes(tab.key))) return null;
  return <Tabs className="mbo-batch-tabs" activeKey={active} items={tabs} onChange={(key) => void navigate(key)} />;
}
