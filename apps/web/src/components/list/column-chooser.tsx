import { Button, Checkbox, Divider, Space } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import type { ListColumn } from '@mbo/contracts/lists/list-definition';
import { PopoverButton } from '@/components/menu-button';
import type { ColumnVisibility } from '@/lib/use-column-visibility';

export interface ColumnChooserProps {
  columns: readonly Pick<ListColumn, 'key' | 'label' | 'required'>[];
  visibility: ColumnVisibility;
}

/** "Columns" button with a checkbox per column; the choice is kept per list (useColumnVisibility). */
export default function ColumnChooser({ columns, visibility }: ColumnChooserProps) {
  const required = columns.filter((c) => c.required).map((c) => c.key);
  const content = (
    <div style={{ minWidth: 200 }}>
      <Checkbox.Group
        aria-label="Visible columns"
        value={columns.filter((c) => c.required || visibility.isVisible(c.key)).map((c) => c.key)}
        onChange={(keys) => visibility.setVisible([...keys.map(String), ...required])}
      >
        <Space orientation="vertical" size={6}>
          {columns.map((c) => (
            <Checkbox key={c.key} value={c.key} disabled={c.required}>
              {c.label}
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
      <Divider style={{ margin: '10px 0' }} />
      <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={visibility.reset}>
        Reset to default
      </Button>
    </div>
  );
  return (
    <PopoverButton content={content} title="Columns" placement="bottomRight">
      <Button icon={<SettingOutlined />}>Columns</Button>
    </PopoverButton>
  );
}
