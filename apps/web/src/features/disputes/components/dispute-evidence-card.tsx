import { useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, List, Select, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  EVIDENCE_CATEGORIES,
  EVIDENCE_CATEGORY_LABELS,
  EVIDENCE_TEXT_FIELDS,
  EVIDENCE_TEXT_LABELS,
  type EvidenceCategory,
} from '@mbo/contracts/dispute-reasons';
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

type Props = { dispute: DisputeDetail };
const MB = 1024 * 1024;
const CATEGORY_OPTIONS = EVIDENCE_CATEGORIES.map((c) => ({ value: c, label: EVIDENCE_CATEGORY_LABELS[c] }));
const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** Why the user cannot change the evidence now, or null. */
function lockedReason(dispute: DisputeDetail, permission: boolean, what: string): string | null {
  if (!permission) return `Your role cannot ${what}.`;
  if (dispute.status === 'UNDER_REVIEW') return 'The evidence was submitted and is locked.';
  if (!dispute.editable) return 'This dispute is closed.';
  return null;
}

/** A file's size for people: "812 KB", "4.2 MB". */
export function fileSize(bytes: number): string {
  return bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Why a chosen file cannot be added (checked before the upload; the server decides again), or null. */
export function fileProblem(file: { size: number }, dispute: Pick<DisputeDetail, 'files'>): string | null {
  if (file.size === 0) return 'The file is empty.';
  if (file.size > EVIDENCE_LIMITS.maxFileBytes)
    return `The file is larger than ${EVIDENCE_LIMITS.maxFileBytes / MB} MB.`;
  if (dispute.files.length >= EVIDENCE_LIMITS.maxFiles)
    return `A dispute takes at most ${EVIDENCE_LIMITS.maxFiles} files.`;
  const total = dispute.files.reduce((n, f) => n + f.size, 0);
  if (total + file.size > EVIDENCE_LIMITS.maxTotalBytes)
    return `A dispute takes at most ${EVIDENCE_LIMITS.maxTotalBytes / MB} MB of files in all.`;
  return null;
}

/** The evidence: text fields, files (upload by category, download, remove), and the dispute's actions. */
export function DisputeEvidenceCard({ dispute }: Props) {
  const { hasPermission, refreshAlertInfo } = useGlobalState();
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
  const editBlocked = lockedReason(dispute, hasPermission('API_DISPUTES_UPDATE'), 'change disputes');
  const uploadBlocked = lockedReason(dispute, hasPermission('API_DISPUTES_UPLOAD'), 'upload evidence');
  const downloadBlocked = hasPermission('API_DISPUTES_DOWNLOAD')
    ? null
    : 'Your role cannot download dispute documents.';
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
      setEvidenceError(error instanceof Error ? error.message : 'The file could not be uploaded.');
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
      setEvidenceError('Add a file or write your answer in a field above before you submit evidence.');
      focusUpload();
      return;
    }
    setEvidenceError(null);
    void modal.confirm({
      title: 'Submit evidence',
      content:
        'Your evidence goes to the card network and is locked: you cannot change or add to it afterwards. The decision usually takes a few weeks (here, in the sandbox, about a minute).',
      okText: 'Submit evidence',
      cancelText: 'Cancel',
      onOk: () => submit.mutateAsync().catch(() => undefined),
    });
  };
  const confirmAccept = () =>
    void modal.confirm({
      title: 'Accept this dispute?',
      content: `You give up the dispute: ${displayMoney(dispute.amount, dispute.currency)} goes back to the cardholder and the dispute fee of ${displayMoney(dispute.fee, dispute.currency)} is charged. This cannot be undone.`,
      okText: 'Accept dispute',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => accept.mutateAsync().catch(() => undefined),
    });
  const beforeUpload = (file: File) => {
    const problem = !category ? 'Choose the evidence category first.' : fileProblem(file, dispute);
    setEvidenceError(problem);
    if (!problem) upload.mutate(file);
    // The file picker has closed: focus stays on the button that opened it, by the error when there is one.
    focusUpload();
    return false;
  };

  return (
    <DetailCard title="Evidence">
      <Form
        form={form}
        layout="vertical"
        initialValues={dispute.evidence}
        disabled={!!editBlocked}
        onValuesChange={() => setDirty(true)}
      >
        {EVIDENCE_TEXT_FIELDS.map((field) => (
          <Form.Item key={field} name={field} label={EVIDENCE_TEXT_LABELS[field]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={EVIDENCE_LIMITS.maxTextChars} showCount />
          </Form.Item>
        ))}
      </Form>

      <Typography.Text strong>Files</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        PDF, JPG or PNG; at most {EVIDENCE_LIMITS.maxFileBytes / MB} MB a file and {EVIDENCE_LIMITS.maxFiles} files (
        {EVIDENCE_LIMITS.maxTotalBytes / MB} MB) in all.
      </Typography.Paragraph>
      <List
        size="small"
        locale={{ emptyText: <Typography.Text type="secondary">No files yet.</Typography.Text> }}
        dataSource={dispute.files}
        renderItem={(f) => (
          <List.Item
            actions={[
              <GuardedButton
                key="dl"
                size="small"
                icon={<DownloadOutlined />}
                blocked={downloadBlocked}
                aria-label={`Download ${f.fileName}`}
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
                      aria-label={`Remove ${f.fileName}`}
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
                  {EVIDENCE_CATEGORY_LABELS[f.category]} · {fileSize(f.size)} · <DetailTime iso={f.uploadedAt} />
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
            aria-label="Evidence category"
            placeholder="Evidence category"
            showSearch
            optionFilterProp="label"
            options={CATEGORY_OPTIONS}
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
              blocked={uploadBlocked ?? (category ? null : 'Choose the evidence category first.')}
              loading={upload.isPending}
              {...errorProps}
            >
              Upload file
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
            Dispute notice (PDF)
          </GuardedButton>
          <GuardedButton
            icon={<DownloadOutlined />}
            blocked={downloadBlocked}
            onClick={() => void downloadDisputeDocument(dispute.disputeId, 'SUBMISSION')}
          >
            Evidence bundle (PDF)
          </GuardedButton>
          {dispute.editable ? (
            <>
              <GuardedButton blocked={editBlocked} loading={save.isPending} onClick={() => save.mutate()}>
                Save draft
              </GuardedButton>
              <GuardedButton type="primary" blocked={editBlocked} loading={submit.isPending} onClick={confirmSubmit}>
                Submit evidence
              </GuardedButton>
            </>
          ) : null}
        </Space>
      </div>
      {dispute.editable && dirty ? <Typography.Text type="secondary">You have unsaved changes.</Typography.Text> : null}
      {dispute.editable ? (
        // Apart from the evidence's actions: it cannot be undone (and asks for a confirmation first).
        <section className="mbo-dispute-accept" aria-labelledby={acceptTitleId}>
          <div>
            <Typography.Text strong id={acceptTitleId}>
              Accept the dispute
            </Typography.Text>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              Give up without evidence: {displayMoney(dispute.amount, dispute.currency)} goes back to the cardholder and
              the dispute fee is charged. This cannot be undone.
            </Typography.Paragraph>
          </div>
          <GuardedButton danger blocked={editBlocked} loading={accept.isPending} onClick={confirmAccept}>
            Accept dispute
          </GuardedButton>
        </section>
      ) : null}
    </DetailCard>
  );
}
