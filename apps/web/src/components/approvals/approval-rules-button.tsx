import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, InputNumber, Modal, Typography } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { currencyExponent } from '@mbo/contracts/money';
import { displayMoney } from '@/lib/display-money';
import { useGlobalState } from '@/lib/global-state';
import { approvalKeys, approvalRulesQueryOptions, updateApprovalRules } from './approvals-api';

/**
 * The merchant's approval thresholds (maker-checker): shown to everyone, changed by a user with
 * API_PAYOUT_APPROVE. An amount per currency in major units; empty or 0 means no approval needed.
 */
export function ApprovalRulesButton({ currencies }: { currencies: string[] }) {
  const { hasPermission } = useGlobalState();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const rules = useQuery(approvalRulesQueryOptions());
  const [draft, setDraft] = useState<Record<string, number | null>>({});
  const save = useMutation({
    mutationFn: () => updateApprovalRules({
      thresholds: Object.fromEntries(Object.entries(draft).map(([c, v]) => [c, v ? Math.round(v * 10 ** currencyExponent(c)) : 0])),
    }),
    onSuccess: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
    },
  });
  const thresholds = rules.data?.thresholds ?? {};
  const all = [...new Set([...currencies, ...Object.keys(thresholds)])].sort();
  const canEdit = hasPermission('API_PAYOUT_APPROVE');
  return (
    <>
      <Button icon={<SafetyOutlined />} onClick={() => {
        setDraft(Object.fromEntries(all.map((c) => [c, thresholds[c] ? thresholds[c] / 10 ** currencyExponent(c) : null])));
        setOpen(true);
      }}>
        Approval rules
      </Button>
      <Modal
        open={open}
        title="Approval rules"
        okText="Save"
        okButtonProps={{ disabled: !canEdit }}
        confirmLoading={save.isPending}
        onOk={() => save.mutate()}
        onCancel={() => setOpen(false)}
        centered
      >
        <Typography.Paragraph type="secondary">
          A withdrawal or payout above the amount of its currency (a batch: its total) waits for a second user’s approval, its money reserved. Whoever makes it can never approve it.
          {canEdit ? '' : ' Only a user with the approval permission can change these.'}
        </Typography.Paragraph>
        <Form layout="horizontal" labelCol={{ span: 6 }} component="div">
          {all.map((c) => (
            <Form.Item key={c} label={c} htmlFor={`threshold-${c}`} help={thresholds[c] ? `Now: above ${displayMoney(thresholds[c], c)}` : 'Now: no approval needed'}>
              <InputNumber
                id={`threshold-${c}`}
                min={0}
                precision={currencyExponent(c)}
                disabled={!canEdit}
                placeholder="No approval"
                value={draft[c] ?? null}
                onChange={(v) => setDraft((d) => ({ ...d, [c]: v }))}
                style={{ width: 220 }}
                addonAfter={c}
              />
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </>
  );
}
