import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Modal, Typography } from 'antd';
import type { CreatedApiKey } from '@mbo/contracts/integration';
import { createApiKey } from '../api/api-keys-api';
import { integrationKeys } from '../api/integration-query-keys';
import { keyPrefixText } from '../utils/integration-labels';
import { RefusalAlert } from '@/components/refusal-alert';
import { SecretReveal } from './secret-reveal';

export const KEY_NAME_MAX = 80;

/** The new key, shown this once; "Done" only after the user says it is stored. */
function NewKeyModal({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  return (
    <Modal
      open
      title="Copy your new API key"
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      centered
      footer={
        <Button type="primary" disabled={!saved} onClick={onDone}>
          Done
        </Button>
      }
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="You won't see it again"
        description="This is the only time the full key is shown. Store it in your server's secret store now; if it is lost, revoke it and create a new one."
      />
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        <strong>{created.key.name}</strong>{' '}
        <Typography.Text type="secondary">
          (<span className="mbo-list-mono">{keyPrefixText(created.key)}</span>, sandbox)
        </Typography.Text>
      </Typography.Paragraph>
      <SecretReveal secret={created.secret} label="API key" />
      <Typography.Paragraph type="secondary" style={{ margin: '12px 0' }}>
        Send it as <span className="mbo-list-mono">Authorization: Bearer &lt;key&gt;</span> with every call to the API.
      </Typography.Paragraph>
      <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)}>
        I have copied the key and stored it safely.
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
        title="Create API key"
        okText="Create key"
        onOk={() => void submit()}
        confirmLoading={create.isPending}
        onCancel={create.isPending ? undefined : close}
        mask={{ closable: !create.isPending }}
        centered
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          A key lets your server call the merchant API for this merchant. It works in the sandbox. You see the key once,
          right after this step.
        </Typography.Paragraph>
        <Form<{ name: string }>
          form={form}
          layout="vertical"
          onFinish={() => void submit()}
          onValuesChange={() => create.isError && create.reset()}
        >
          <Form.Item
            name="name"
            label="Name"
            extra="What uses it, so you know which key to revoke later (e.g. “Checkout server”)."
            rules={[
              { required: true, whitespace: true, message: 'Enter a name for the key.' },
              { max: KEY_NAME_MAX, message: `A name has at most ${KEY_NAME_MAX} characters.` },
            ]}
          >
            <Input autoComplete="off" maxLength={KEY_NAME_MAX} placeholder="Checkout server" />
          </Form.Item>
        </Form>
        {create.isError ? (
          <RefusalAlert error={create.error} fallback="The key could not be created. Try again." />
        ) : null}
      </Modal>
      {created ? <NewKeyModal created={created} onDone={close} /> : null}
    </>
  );
}
