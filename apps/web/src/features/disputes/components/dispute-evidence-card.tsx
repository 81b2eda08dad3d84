import { useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, List, Select, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { EVIDENCE_CATEGORIES, EVIDENCE_TEXT_FIELDS, type EvidenceCategory } from '@mbo/contracts/dispute-reasons';
import { EVIDENCE_LIMITS, type DisputeDetail, type EvidenceText } from '@mbo/contracts/disputes';
import { DetailCard, DetailTime } from '@/components/detail/detail-cards';
import { displayMoney } from '@/lib/display-money';
import { useGlobalState } from '@/lib/global-state';
import { invalidateKeys } from '@/lib/query-keys';
import {
  acceptDispute,
  deleteEvidence,
  downloadDisputeDocument,
  downloadEvidence,
  saveEvidence,
  submitDispute,
  uploadEvidence,
} from '../api/disputes-api';
import { disputeKeys, keysChangedByDispute } from '../api/dispute-keys';
import GuardedButton from '@/components/guarded-button';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';

type Props = { dispute: DisputeDetail };
const MB = 1024 * 1024;
const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** Why the user cannot change the evidence now, or null (`t`: the disputes namespace's `evidence`). */
function lockedReason(dispute: DisputeDetail, permission: boolean, what: string, t: TFunction): string | null {
  if (!permission) return t('roleCannot', { what });
  if (dispute.status === 'UNDER_REVIEW') return t('locked');
  if (!dispute.editable) return t('closed');
  return null;
}

/** A file's size for people: "812 KB", "4.2 MB". */
export function fileSize(bytes: number): string {
  return bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Why a chosen file cannot be added (checked before the upload; the server decides again), or null.
 * `t` is useTranslation('disputes', { keyPrefix: 'evidence' })'s.
 */
export function fileProblem(
  file: { size: number },
  dispute: Pick<DisputeDetail, 'files'>,
  t: TFunction,
): string | null {
  if (file.size === 0) return t('fileEmpty');
  if (file.size > EVIDENCE_LIMITS.maxFileBytes) return t('fileTooLarge', { mb: EVIDENCE_LIMITS.maxFileBytes / MB });
  if (dispute.files.length >= EVIDENCE_LIMITS.maxFiles) return t('tooManyFiles', { count: EVIDENCE_LIMITS.maxFiles });
  const total = dispute.files.reduce((n, f) => n + f.size, 0);
  if (total + file.size > EVIDENCE_LIMITS.maxTotalBytes)
    return t('tooMuchTotal', { mb: EVIDENCE_LIMITS.maxTotalBytes / MB });
  return null;
}

/** The evidence: text fields, files (upload by category, download, remove), and the dispute's actions. */
export function DisputeEvidenceCard({ dispute }: Props) {
  const { hasPermission, refreshAlertInfo } = useGlobalState();
  const { t } = useTranslation('disputes', { keyPrefix: 'evidence' });
  const label = useLabel();
  const categoryOptions = EVIDENCE_CATEGORIES.map((c) => ({ value: c, label: label('EVIDENCE_CATEGORIES', c) }));
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EvidenceText>();
  const [category, setCategory] = useState<EvidenceCategory | undefined>();
  const [dirty, setDirty] = useState(false);
  // A file refused or evidence missing: shown at the evidence's files, tied to the upload button.
  const [evidenceError, setEvidenceError] = useState<string | null>(null);
  const evidenceErrorId = `${useId()}-evidence-error`;
  const acceptTitleId = `${useId()}-accept`;
  const uploadBox = useRef<HTMLDivElement>(null);
  /**
   * Focus on the upload button (the file picker leaves it on the page's body), or on the category
   * while the button waits for one.
   */
  const focusUpload = () => {
    const button = uploadBox.current?.querySelector<HTMLButtonElement>('.ant-upload button');
    if (button && !button.disabled) button.focus();
    else uploadBox.current?.querySelector<HTMLElement>('input[role="combobox"]')?.focus();
  };
  const errorProps = evidenceError
    ? ({ 'aria-invalid': true, 'aria-describedby': evidenceErrorId } as const)
    : ({} as const);
  const editBlocked = lockedReason(dispute, hasPermission('API_DISPUTES_UPDATE'), t('changeDisputes'), t);
  const uploadBlocked = lockedReason(dispute, hasPermission('API_DISPUTES_UPLOAD'), t('uploadEvidence'), t);
  const downloadBlocked = hasPermission('API_DISPUTES_DOWNLOAD') ? null : t('noDownload');
  const refresh = (detail?: DisputeDetail, change: 'evidence' | 'submit' | 'accept' = 'evidence') => {
    if (detail) queryClient.setQueryData(disputeKeys.detail(dispute.disputeId), detail);
    void invalidateKeys(queryClient, keysChangedByDispute(change));
  };
  const text = (): EvidenceText => {
    const values = form.getFieldsValue();
    return Object.fromEntries(EVIDENCE_TEXT_FIELDS.map((f) => [f, values[f] ?? ''])) as EvidenceText;
  };
  const save = useMutation({
    mutationFn: () => saveEvidence(dispute.disputeId, text()),
    onSuccess: (d) => {
      setDirty(false);
      refresh(d);
    },
  });
  const submit = useMutation({
    mutationFn: () => submitDispute(dispute.disputeId, text()),
    onSuccess: (d) => {
      setDirty(false);
      refresh(d, 'submit');
      void refreshAlertInfo();
    },
  });
  const accept = useMutation({
    mutationFn: () => acceptDispute(dispute.disputeId),
    onSuccess: (d) => {
      refresh(d, 'accept');
      void refreshAlertInfo();
    },
  });
  const upload = useMutation({
    mutationFn: (file: File) => uploadEvidence(dispute.disputeId, category!, file),
    onSuccess: () => {
      setCategory(undefined);
      setEvidenceError(null);
      refresh();
    },
    onError: (error) => {
      setEvidenceError(error instanceof Error ? error.message : t('uploadFailed'));
      focusUpload();
    },
  });
  const remove = useMutation({
    mutationFn: (fileId: string) => deleteEvidence(dispute.disputeId, fileId),
    onSuccess: () => refresh(),
  });

  const hasEvidence = () => dispute.files.length > 0 || Object.values(text()).some((v) => v.trim() !== '');
  const confirmSubmit = () => {
    if (!hasEvidence()) {
      setEvidenceError(t('noEvidence'));
      focusUpload();
      return;
    }
    setEvidenceError(null);
    void modal.confirm({
      title: t('submitTitle'),
      content: t('submitBody'),
      okText: t('submit'),
      cancelText: t('cancel'),
      onOk: () => submit.mutateAsync().catch(() => undefined),
    });
  };
  const confirmAccept = () =>
    void modal.confirm({
      title: t('acceptTitle'),
      content: t('acceptBody', {
        amount: displayMoney(dispute.amount, dispute.currency),
        fee: displayMoney(dispute.fee, dispute.currency),
      }),
      okText: t('accept'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () => accept.mutateAsync().catch(() => undefined),
    });
  const beforeUpload = (file: File) => {
    const problem = !category ? t('chooseCategory') : fileProblem(file, dispute, t);
    setEvidenceError(problem);
    if (!problem) upload.mutate(file);
    // The file picker has closed: focus stays on the button that opened it, by the error when there is one.
    focusUpload();
    return false;
  };

  return (
    <DetailCard title={t('title')}>
      <Form
        form={form}
        layout="vertical"
        initialValues={dispute.evidence}
        disabled={!!editBlocked}
        onValuesChange={() => setDirty(true)}
      >
        {EVIDENCE_TEXT_FIELDS.map((field) => (
          <Form.Item key={field} name={field} label={label('EVIDENCE_TEXT_FIELDS', field)}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={EVIDENCE_LIMITS.maxTextChars} showCount />
          </Form.Item>
        ))}
      </Form>

      <Typography.Text strong>{t('files')}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('limits', {
          fileMb: EVIDENCE_LIMITS.maxFileBytes / MB,
          files: EVIDENCE_LIMITS.maxFiles,
          totalMb: EVIDENCE_LIMITS.maxTotalBytes / MB,
        })}
      </Typography.Paragraph>
      <List
        size="small"
        locale={{ emptyText: <Typography.Text type="secondary">{t('noFiles')}</Typography.Text> }}
        dataSource={dispute.files}
        renderItem={(f) => (
          <List.Item
            actions={[
              <GuardedButton
                key="dl"
                size="small"
                icon={<DownloadOutlined />}
                blocked={downloadBlocked}
                aria-label={t('download', { name: f.fileName })}
                onClick={() => void downloadEvidence(dispute.disputeId, f.fileId)}
              />,
              ...(dispute.editable
                ? [
                    <GuardedButton
                      key="rm"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      blocked={uploadBlocked}
                      aria-label={t('remove', { name: f.fileName })}
                      loading={remove.isPending && remove.variables === f.fileId}
                      onClick={() => remove.mutate(f.fileId)}
                    />,
                  ]
                : []),
            ]}
          >
            <List.Item.Meta
              title={f.fileName}
              description={
                <span>
                  {label('EVIDENCE_CATEGORIES', f.category)} · {fileSize(f.size)} · <DetailTime iso={f.uploadedAt} />
                  {f.uploadedBy ? ` · ${f.uploadedBy}` : ''}
                </span>
              }
            />
          </List.Item>
        )}
      />
      {dispute.editable ? (
        <div className="mbo-dispute-upload" ref={uploadBox}>
          <Select<EvidenceCategory>
            aria-label={t('category')}
            placeholder={t('category')}
            showSearch
            optionFilterProp="label"
            options={categoryOptions}
            value={category}
            onChange={setCategory}
            disabled={!!uploadBlocked}
            {...errorProps}
          />
          <Upload
            accept={ACCEPT}
            showUploadList={false}
            beforeUpload={beforeUpload}
            disabled={!!uploadBlocked || !category || upload.isPending}
          >
            <GuardedButton
              icon={<UploadOutlined />}
              blocked={uploadBlocked ?? (category ? null : t('chooseCategory'))}
              loading={upload.isPending}
              {...errorProps}
            >
              {t('upload')}
            </GuardedButton>
          </Upload>
        </div>
      ) : null}
      {evidenceError ? (
        <div id={evidenceErrorId} role="alert" className="mbo-dispute-evidence-error">
          {evidenceError}
        </div>
      ) : null}

      <div className="mbo-dispute-actions" style={{ marginTop: 16 }}>
        <Space wrap>
          <GuardedButton
            icon={<DownloadOutlined />}
            blocked={downloadBlocked}
            onClick={() => void downloadDisputeDocument(dispute.disputeId, 'NOTICE')}
          >
            {t('notice')}
          </GuardedButton>
          <GuardedButton
            icon={<DownloadOutlined />}
            blocked={downloadBlocked}
            onClick={() => void downloadDisputeDocument(dispute.disputeId, 'SUBMISSION')}
          >
            {t('bundle')}
          </GuardedButton>
          {dispute.editable ? (
            <>
              <GuardedButton blocked={editBlocked} loading={save.isPending} onClick={() => save.mutate()}>
                {t('saveDraft')}
              </GuardedButton>
              <GuardedButton type="primary" blocked={editBlocked} loading={submit.isPending} onClick={confirmSubmit}>
                {t('submit')}
              </GuardedButton>
            </>
          ) : null}
        </Space>
      </div>
      {dispute.editable && dirty ? <Typography.Text type="secondary">{t('unsaved')}</Typography.Text> : null}
      {dispute.editable ? (
        // Apart from the evidence's actions: it cannot be undone (and asks for a confirmation first).
        <section className="mbo-dispute-accept" aria-labelledby={acceptTitleId}>
          <div>
            <Typography.Text strong id={acceptTitleId}>
              {t('acceptSection')}
            </Typography.Text>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t('acceptSectionBody', { amount: displayMoney(dispute.amount, dispute.currency) })}
            </Typography.Paragraph>
          </div>
          <GuardedButton danger blocked={editBlocked} loading={accept.isPending} onClick={confirmAccept}>
            {t('accept')}
          </GuardedButton>
        </section>
      ) : null}
    </DetailCard>
  );
}
