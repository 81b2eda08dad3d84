import { useRecordText } from '@/i18n/use-record-text';

/** A sentence the server wrote into a record (a failure reason, an end reason), in the reader's language. */
export function RecordText({ text }: { text: string | null | undefined }) {
  const words = useRecordText();
  return text ? <>{words(text)}</> : null;
}
