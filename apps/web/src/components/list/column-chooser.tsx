import { Button, Checkbox, Divider, Space } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import type { ListColumn } from '@mbo/contracts/lists/list-definition';
import { PopoverButton } from '@/components/menu-button';
import type { ColumnVisibility } from '@/lib/use-column-visibility';
import { useTranslation } from '@/i18n/use-translation';

export interface ColumnChooserProps {
  columns: readonly Pick<ListColumn, 'key' | 'label' | 'required'>[];
  visibility: ColumnVisibility;
  /** Each column's label in the language in force (list-words.ts); the definition's when absent. */
  labelOf?: (c: Pick<ListColumn, 'key' | 'label'>) => string;
}

/** "Columns" button with a checkbox per column; the choice is kept per list (useColumnVisibility). */
export default function ColumnChooser({ columns, visibility, labelOf = (c) => c.label }: ColumnChooserProps) {
  const { t } = useTranslation('kit');
  const required = columns.filter((c) => c.required).map((c) => c.key);
  const content = (
    <div style={{ minWidth: 200 }}>
      <Checkbox.Group
        aria-label={t('list.visibleColumns')}
        value={columns.filter((c) => c.required || visibility.isVisible(c.key)).map((c) => c.key)}
        onChange={(keys) => visibility.setVisible([...keys.map(String), ...required])}
      >
        <Space orientation="vertical" size={6}>
          {columns.map((c) => (
            <Checkbox key={c.key} value={c.key} disabled={c.required}>
              {labelOf(c)}
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
      <Divider style={{ margin: '10px 0' }} />
      <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={visibility.reset}>
        {t('list.resetColumns')}
      </Button>
    </div>
  );
  return (
    <PopoverButton content={content} title={t('list.columns')} placement="bottomRight">
      <Button icon={<SettingOutlined />}>{t('list.columns')}</Button>
    </PopoverButton>
  );
}
