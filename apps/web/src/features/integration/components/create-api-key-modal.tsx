import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import type { CreatedApiKey } from '@mbo/contracts/integration';
import { createApiKey } from '../api/api-keys-api';
import { integrationKeys } from '../api/integration-query-keys';
import { keyPrefixText } from '../utils/integration-labels';
import { RefusalAlert } from '@/components/refusal-alert';
import { SecretReveal } from './secret-reveal';

export const KEY_NAME_MAX = 80;
/** The header every call carries (code, the same in every language). */
const AUTH_HEADER = 'Authorization: Bearer <key>';

/** The new key, shown this once; "Done" only after the user says it is stored. */
function NewKeyModal({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation('integration', { keyPrefix: 'newKey' });
  const [saved, setSaved] = useState(false);
  return (
    <Modal
      open
      title={t('title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      centered
      footer={
        <Button type="primary" disabled={!saved} onClick={onDone}>
          {t('done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('warning')} description={t('warningBody')} />
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        <strong>{created.key.name}</strong>{' '}
        <Typography.Text type="secondary">
          {t('prefixBefore')}
          <span className="mbo-list-mono">{keyPrefixText(created.key)}</span>
          {t('prefixAfter')}
        </Typography.Text>
      </Typography.Paragraph>
      <SecretReveal secret={created.secret} label={t('secretLabel')} />
      <Typography.Paragraph type="secondary" style={{ margin: '12px 0' }}>
        {t('sendBefore')}
        <span className="mbo-list-mono">{AUTH_HEADER}</span>
        {t('sendAfter')}
      </Typography.Paragraph>
      <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)}>
        {t('stored')}
      </Checkbox>
    </Modal>
  );
}

/**
 * Creates an API key: a name, then the secret, shown this once (the server keeps only its hash).
 * The secret lives in this dialog's state only, never in the query cache. Its dialog is mounted only
 * while it shows, so "Done" takes the secret off the page at once (a closing dialog keeps its last
 * content until its animation ends); it closes by "Done" only, after the user says the key is stored.
 */
export function CreateApiKeyModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('integration', { keyPrefix: 'createKey' });
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const create = useMutation({
    mutationFn: (name: string) => createApiKey(name),
    onSuccess: (answer) => {
      // The name form is left for good: emptied now, while it is still mounted.
      form.resetFields();
      setCreated(answer);
      void queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys() });
    },
  });
  function close() {
    if (!created) form.resetFields();
    setCreated(null);
    create.reset();
    onClose();
  }
  const submit = async () => {
    let values: { name: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    create.mutate(values.name.trim());
  };
  return (
    <>
      <Modal
        open={open && !created}
        title={t('title')}
        okText={t('ok')}
        onOk={() => void submit()}
        confirmLoading={create.isPending}
        onCancel={create.isPending ? undefined : close}
        mask={{ closable: !create.isPending }}
        centered
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        <Form<{ name: string }>
          form={form}
          layout="vertical"
          onFinish={() => void submit()}
          onValuesChange={() => create.isError && create.reset()}
        >
          <Form.Item
            name="name"
            label={t('name')}
            extra={t('nameHelp')}
            rules={[
              { required: true, whitespace: true, message: t('nameRequired') },
              { max: KEY_NAME_MAX, message: t('nameMax', { max: KEY_NAME_MAX }) },
            ]}
          >
            <Input autoComplete="off" maxLength={KEY_NAME_MAX} placeholder={t('namePlaceholder')} />
          </Form.Item>
        </Form>
        {create.isError ? <RefusalAlert error={create.error} fallback={t('failure')} /> : null}
      </Modal>
      {created ? <NewKeyModal created={created} onDone={close} /> : null}
    </>
  );
}
