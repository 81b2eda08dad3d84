import type { TFunction } from 'i18next';
import type { ReportScheduleRunNote } from '@mbo/contracts/report-schedules';

/**
 * A run's note (its code and values, as the server records it) as the sentences the Schedules tab shows under the
 * run's status, in the language in force. `t` is the `reports` namespace's.
 */
export function runNoteSentences(note: ReportScheduleRunNote, t: TFunction): string[] {
  switch (note.code) {
    case 'SENT': {
      const { sentCount, skipped } = note.values;
      const sent = sentCount > 0 ? t('runNote.sent', { count: sentCount }) : t('runNote.sentNobody');
      if (skipped.length === 0) return [sent];
      const recipients = skipped
        .map((address) => address ?? t('runNote.formerMember'))
        .join(t('schedulesTable.separator'));
      return [sent, t('runNote.skipped', { count: skipped.length, recipients })];
    }
    case 'EXPORT_FAILED':
      return [t('runNote.exportFailed')];
    case 'EXPORT_REFUSED':
      return [
        note.values.field ? t('runNote.exportRefusedField', { field: note.values.field }) : t('runNote.exportRefused'),
      ];
    case 'CREATOR_NO_ACCESS':
      return [t('runNote.creatorNoAccess')];
  }
}
