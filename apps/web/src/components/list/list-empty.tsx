import { Button, Empty } from 'antd';
import { useTranslation } from '@/i18n/use-translation';

export interface ListEmptyProps {
  /** What the list holds ("payments"), in the language in force. */
  noun: string;
  /** True when filters are set: the text says so and offers to clear them. */
  filtered: boolean;
  onClearFilters?: () => void;
}

/** The empty state of a list: nothing yet, or nothing matching the filters. */
export default function ListEmpty({ noun, filtered, onClearFilters }: ListEmptyProps) {
  const { t } = useTranslation('kit');
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={filtered ? t('list.emptyFiltered', { noun }) : t('list.empty', { noun })}
    >
      {filtered && onClearFilters ? <Button onClick={onClearFilters}>{t('list.clearFilters')}</Button> : null}
    </Empty>
  );
}
