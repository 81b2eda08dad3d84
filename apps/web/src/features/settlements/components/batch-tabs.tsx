import { useNavigate } from 'react-router';
import { Tabs } from 'antd';
import { useGlobalState } from '@/lib/global-state';
import { BATCH_HISTORY_PATH, OPEN_BATCHES_PATH } from '../utils/batch-status';

const TABS = [
  { key: OPEN_BATCHES_PATH, label: 'Open batches' },
  { key: BATCH_HISTORY_PATH, label: 'Batch history' },
];

/** "Open batches" / "Batch history": the two batch lists, for a role that may open both. */
export function BatchTabs({ active }: { active: typeof OPEN_BATCHES_PATH | typeof BATCH_HISTORY_PATH }) {
  const { authUrls } = useGlobalState();
  const navigate = useNavigate();
  if (!TABS.every((t) => authUrls.includes(t.key))) return null;
  return <Tabs className="mbo-batch-tabs" activeKey={active} items={TABS} onChange={(key) => void navigate(key)} />;
}
