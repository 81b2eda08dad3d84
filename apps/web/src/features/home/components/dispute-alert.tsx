import { Alert, Grid } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { AlertInfo } from '@/lib/global-state';
import { useTranslation } from '@/i18n/use-translation';

export const DISPUTES_NEEDING_EVIDENCE_URL = '/transactions/disputes?status=EVIDENCE_REQUIRED';

interface DisputeAlertProps {
  alertInfo: AlertInfo;
  /** Whether the user may open the disputes list (otherwise no link). */
  canOpenDisputes: boolean;
}

/** A banner while disputes wait for evidence: both counts, and a link to the filtered list. */
export function DisputeAlert({ alertInfo, canOpenDisputes }: DisputeAlertProps) {
  const { customerDisputeCount, chargebackCount } = alertInfo;
  const screens = Grid.useBreakpoint();
  const { t } = useTranslation('home', { keyPrefix: 'disputes' });
  if (customerDisputeCount + chargebackCount <= 0) return null;
  const total = customerDisputeCount + chargebackCount;
  const review = canOpenDisputes ? (
    <Link to={DISPUTES_NEEDING_EVIDENCE_URL} style={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
      {t('review')} <RightOutlined aria-hidden style={{ fontSize: 11 }} />
    </Link>
  ) : null;
  // Beside the text on wide screens; under it on phones, where a side action squeezes the text.
  const wide = screens.md ?? true;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('title', { count: total })}
      description={
        <>
          {t('body', {
            customer: t('customer', { count: customerDisputeCount }),
            chargebacks: t('chargebacks', { count: chargebackCount }),
          })}
          {!wide && review ? <div style={{ marginTop: 8 }}>{review}</div> : null}
        </>
      }
      action={wide ? review : undefined}
    />
  );
}
