import { useState } from 'react';
import { Input } from 'antd';

interface SearchFilterProps {
  /** The search held in the URL. */
  value: string | undefined;
  /** Called with the trimmed search on submit, and with undefined when the box is cleared. */
  onChange: (q: string | undefined) => void;
  ariaLabel: string;
  placeholder: string;
  className?: string;
  /** Also apply when focus leaves the box (a form, where the user may go straight to its submit button). */
  applyOnBlur?: boolean;
}

/**
 * A list's search box: the user's typing stays local until submitted, and the box follows the URL
 * when it changes from outside (back button, "Clear filters").
 */
export function SearchFilter({ value, onChange, ariaLabel, placeholder, className, applyOnBlur }: SearchFilterProps) {
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value ?? '');
  }
  return (
    <Input.Search
      className={className}
      aria-label={ariaLabel}
      placeholder={placeholder}
      allowClear
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        if (!e.target.value) onChange(undefined);
      }}
      onBlur={
        applyOnBlur ? () => (text.trim() || undefined) !== value && onChange(text.trim() || undefined) : undefined
      }
      onSearch={(v) => onChange(v.trim() || undefined)}
    />
  );
}
