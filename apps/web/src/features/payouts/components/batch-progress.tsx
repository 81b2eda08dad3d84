import type { PayoutBatchRecord } from '@mbo/contracts/payouts';
import { useTranslation } from '@/i18n/use-translation';
import { displayNumber } from '@/lib/formats';

/** A batch's rows by outcome: paid, failed or cancelled (money back), and still open. */
export function batchOutcomes(counts: PayoutBatchRecord['counts']) {
  return {
    paid: counts.SUCCESS,
    failed: counts.FAILED + counts.CANCELLED,
    open: counts.PENDING_APPROVAL + counts.PENDING + counts.PROCESSING,
  };
}

/**
 * The batch's progress in proportion: a bar with a segment per outcome (paid green, failed red, still open grey),
 * each as wide as its share of the rows, and the same counts written under it.
 */
export function BatchProgressBar({ counts, rowCount }: { counts: PayoutBatchRecord['counts']; rowCount: number }) {
  const { t } = useTranslation('payouts');
  const { paid, failed, open } = batchOutcomes(counts);
  const total = Math.max(1, rowCount);
  const segments = [
    { key: 'paid', count: paid, text: t('progress.paid', { number: displayNumber(paid) }) },
    { key: 'failed', count: failed, text: t('progress.failed', { number: displayNumber(failed) }) },
    { key: 'open', count: open, text: t('progress.open', { number: displayNumber(open) }) },
  ];
  const summary = t('progress.summary', {
    parts: segments.map((s) => s.text).join(t('progress.sep')),
    payouts: t('payouts', { count: rowCount, number: displayNumber(rowCount) }),
  });
  return (
    <div className="mbo-batch-progress">
      <div className="mbo-batch-progress__bar" role="img" aria-label={summary}>
        {segments
          .filter((s) => s.count > 0)
          .map((s) => (
            <span
              key={s.key}
              className={`mbo-batch-progress__segment mbo-batch-progress__segment--${s.key}`}
              style={{ width: `${(s.count / total) * 100}%` }}
            />
          ))}
      </div>
      <ul className="mbo-batch-progress__legend" aria-hidden="true">
        {segments.map((s) => (
          <li key={s.key}>
            <span className={`mbo-batch-progress__dot mbo-batch-progress__segment--${s.key}`} />
            {s.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
