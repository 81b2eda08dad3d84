import { Tag } from 'antd';

/** The tone of a status: its colour comes from the theme (success #38c793, warning #ffbf00, error #f52f3e). */
export type StatusTone = 'success' | 'warning' | 'error' | 'processing' | 'default';

export interface StatusTagProps {
  tone: StatusTone;
  children: React.ReactNode;
}

/** A status shown as a tag in the theme's colours. */
export default function StatusTag({ tone, children }: StatusTagProps) {
  return (
    <Tag color={tone} variant="outlined" style={{ marginInlineEnd: 0, whiteSpace: 'nowrap' }}>
      {children}
    </Tag>
  );
}

/** "PARTIALLY_REFUNDED" → "Partially refunded". */
export function humanizeStatus(status: string): string {
  const text = status.toLowerCase().replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
