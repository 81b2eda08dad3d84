import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { displayMoney } from '@/lib/display-money';
import { useGlobalState } from '@/lib/global-state';
import { TYPING_AMOUNT_RE, amountExample } from '@/lib/typed-amount';
import { readThresholds, thresholdDraft, type ThresholdDraft } from './approval-thresholds';
import { approvalKeys, approvalRulesQueryOptions, updateApprovalRules } from './approvals-api';
import FieldItem from '@/components/field-item';
import { useTranslation } from '@/i18n/use-translation';

/**
 * The merchant's approval thresholds (maker-checker): shown to everyone, changed by a user with
 * API_PAYOUT_APPROVE. An amount per currency in major units; empty or 0 means no approval needed.
 * The amounts are text read exactly into minor units (approval-thresholds.ts), never a float.
 */
export function ApprovalRulesButton({ currencies }: { currencies: string[] }) {
  const { hasPermission } = useGlobalState();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const { t } = useTranslation('kit', { keyPrefix: 'approvals' });
  const rules = useQuery(approvalRulesQueryOptions());
  const [draft, setDraft] = useState<ThresholdDraft>({});
  const read = readThresholds(draft);
  const save = useMutation({
    mutationFn: (thresholds: Record<string, number>) => updateApprovalRules({ thresholds }),
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
      {/* Opens on the saved rules only: a draft from no data would save every threshold as 0. */}
      <Button
        icon={<SafetyOutlined />}
        disabled={!rules.data}
        onClick={() => {
          setDraft(thresholdDraft(thresholds, all));
          setOpen(true);
        }}
      >
        {t('rules')}
      </Button>
      <Modal
        open={open}
        title={t('rules')}
        okText={t('save')}
        okButtonProps={{ disabled: !canEdit || read.thresholds === null }}
        confirmLoading={save.isPending}
        onOk={() => read.thresholds && save.mutate(read.thresholds)}
        onCancel={() => setOpen(false)}
        centered
      >
        <Typography.Paragraph type="secondary">
          {t('rulesIntro')}
          {canEdit ? '' : ` ${t('rulesReadOnly')}`}
        </Typography.Paragraph>
        <Form layout="horizontal" labelCol={{ span: 6 }} component="div">
          {all.map((c) => (
            <FieldItem
              key={c}
              label={c}
              htmlFor={`threshold-${c}`}
              error={read.problems[c]}
              help={thresholds[c] ? t('nowAbove', { amount: displayMoney(thresholds[c], c) }) : t('nowNone')}
            >
              <Input
                id={`threshold-${c}`}
                inputMode="decimal"
                autoComplete="off"
                disabled={!canEdit}
                placeholder={t('noApproval', { example: amountExample(c) })}
                value={draft[c] ?? ''}
                onChange={(e) =>
                  TYPING_AMOUNT_RE.test(e.target.value) && setDraft((d) => ({ ...d, [c]: e.target.value }))
                }
                style={{ width: 220 }}
                suffix={c}
              />
            </FieldItem>
          ))}
        </Form>
      </Modal>
    </>
  );
}
