import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, Modal, Popconfirm, Space, Switch, Typography, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { SAVED_VIEW_NAME_MAX, type SavedView } from '@mbo/contracts/saved-views';
import {
  createSavedView,
  deleteSavedView,
  savedViewKeys,
  savedViewsQueryOptions,
  updateSavedView,
} from './saved-views-api';
import MenuButton from '@/components/menu-button';
import type { ListState } from './use-list-state';
import { useTranslation } from '@/i18n/use-translation';

/** Menu keys of the two actions (view ids start with VW, so they never clash). */
const SAVE = 'action:save';
const MANAGE = 'action:manage';

/**
 * "Views": pick a saved view of the list (the user's own, then the team's shared ones), save the
 * current filters, columns and sort under a name (optionally shared with the merchant's team), and
 * rename, re-save, share or delete one's own views. Stored on the server per user and merchant.
 */
export default function SavedViewsMenu({ list }: { list: ListState }) {
  const listKey = list.def.key;
  const { t } = useTranslation('kit', { keyPrefix: 'list.views' });
  const queryClient = useQueryClient();
  const views = useQuery(savedViewsQueryOptions(listKey));
  const [saving, setSaving] = useState(false);
  const [managing, setManaging] = useState(false);
  const [current, setCurrent] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: savedViewKeys.list(listKey) });

  const mine = (views.data ?? []).filter((v) => v.mine);
  const team = (views.data ?? []).filter((v) => !v.mine);
  const pick = (view: SavedView) => {
    list.applyView(view.state);
    setCurrent(view.viewId);
  };
  const entry = (v: SavedView) => ({
    key: v.viewId,
    label: v.mine ? v.name : `${v.name} · ${v.ownerName || t('teammate')}`,
  });
  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    if (key === SAVE) setSaving(true);
    else if (key === MANAGE) setManaging(true);
    else {
      const view = views.data?.find((v) => v.viewId === key);
      if (view) pick(view);
    }
  };
  const items: MenuProps['items'] = [
    ...(views.isError ? [{ key: 'error', label: t('loadFailed'), disabled: true }] : []),
    ...(mine.length ? [{ type: 'group' as const, key: 'mine', label: t('mine'), children: mine.map(entry) }] : []),
    ...(team.length ? [{ type: 'group' as const, key: 'team', label: t('team'), children: team.map(entry) }] : []),
    ...(views.data && !mine.length && !team.length ? [{ key: 'none', label: t('none'), disabled: true }] : []),
    { type: 'divider' as const },
    { key: SAVE, label: t('save') },
    ...(mine.length ? [{ key: MANAGE, label: t('manage') }] : []),
  ];
  const currentName = views.data?.find((v) => v.viewId === current)?.name;

  return (
    <>
      <MenuButton menu={{ items, onClick: onMenuClick, selectable: true, selectedKeys: current ? [current] : [] }}>
        <Button aria-label={currentName ? t('buttonShowing', { name: currentName }) : t('button')}>
          <Space size={6}>
            {currentName ? t('current', { name: currentName }) : t('button')}
            <DownOutlined />
          </Space>
        </Button>
      </MenuButton>
      <SaveViewModal
        open={saving}
        onClose={() => setSaving(false)}
        onSave={async (name, shared) => {
          const view = await createSavedView({ listKey, name, shared, state: list.viewState() });
          setCurrent(view.viewId);
          await refresh();
        }}
      />
      <ManageViewsModal
        open={managing}
        views={mine}
        onClose={() => setManaging(false)}
        onChanged={refresh}
        currentState={list.viewState}
      />
    </>
  );
}

function SaveViewModal({
  open,
  onClose,
  onSave,
}: {
  open: boolean;
  onClose: () => void;
  onSave: (name: string, shared: boolean) => Promise<void>;
}) {
  const [form] = Form.useForm<{ name: string; shared: boolean }>();
  const { t } = useTranslation('kit', { keyPrefix: 'list.views' });
  const save = useMutation({
    mutationFn: (v: { name: string; shared: boolean }) => onSave(v.name.trim(), v.shared),
    onSuccess: () => {
      form.resetFields();
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={t('saveTitle')}
      okText={t('saveOk')}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('saveIntro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ name: '', shared: false }} onFinish={(v) => save.mutate(v)}>
        <Form.Item
          name="name"
          label={t('name')}
          rules={[{ required: true, whitespace: true, message: t('nameRequired') }, { max: SAVED_VIEW_NAME_MAX }]}
        >
          <Input autoFocus maxLength={SAVED_VIEW_NAME_MAX} />
        </Form.Item>
        <Form.Item name="shared" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox>{t('share')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface ManageViewsModalProps {
  open: boolean;
  views: SavedView[];
  onClose: () => void;
  onChanged: () => Promise<unknown>;
  currentState: ListState['viewState'];
}

function ManageViewsModal({ open, views, onClose, onChanged, currentState }: ManageViewsModalProps) {
  const update = useMutation({ mutationFn: updateSavedView, onSettled: onChanged });
  const remove = useMutation({ mutationFn: deleteSavedView, onSettled: onChanged });
  const { t } = useTranslation('kit', { keyPrefix: 'list.views' });
  return (
    <Modal
      open={open}
      title={t('manageTitle')}
      footer={<Button onClick={onClose}>{t('done')}</Button>}
      onCancel={onClose}
    >
      {views.length === 0 ? <Typography.Text type="secondary">{t('noneSaved')}</Typography.Text> : null}
      <ul className="mbo-list-views" aria-label={t('manageTitle')}>
        {views.map((v) => (
          <li key={v.viewId} className="mbo-list-views__item">
            <Typography.Text
              className="mbo-list-views__name"
              editable={{
                tooltip: t('rename'),
                maxLength: SAVED_VIEW_NAME_MAX,
                text: v.name,
                onChange: (name) => {
                  if (name.trim() && name.trim() !== v.name) update.mutate({ viewId: v.viewId, name: name.trim() });
                },
              }}
            >
              {v.name}
            </Typography.Text>
            <Space size={4} wrap>
              <Switch
                size="small"
                checked={v.shared}
                aria-label={t('shareOne', { name: v.name })}
                onChange={(shared) => update.mutate({ viewId: v.viewId, shared })}
              />
              <Button
                size="small"
                type="link"
                onClick={() => update.mutate({ viewId: v.viewId, state: currentState() })}
              >
                {t('saveFilters')}
              </Button>
              <Popconfirm
                title={t('deleteConfirm', { name: v.name })}
                okText={t('delete')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutateAsync(v.viewId)}
              >
                <Button size="small" type="link" danger aria-label={t('deleteOne', { name: v.name })}>
                  {t('delete')}
                </Button>
              </Popconfirm>
            </Space>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
