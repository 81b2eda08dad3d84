import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Form, type FormItemProps } from 'antd';

/**
 * A form field whose error (a client check or the server's answer) and hint are tied to its control:
 * the control gets `aria-invalid` while there is an error and `aria-describedby` pointing at the text
 * under it. antd's Form.Item does this only for a named field whose own rules failed; the app's forms
 * that check and show errors themselves (withdraw, payouts, bank account, webhook, refund…) render
 * their fields through this one.
 */
export interface FieldItemProps extends Omit<FormItemProps, 'validateStatus' | 'help' | 'name' | 'children'> {
  /** The field's error, shown under it (instead of the hint) and announced with the control. */
  error?: ReactNode;
  /** The hint under the field while there is no error. */
  help?: ReactNode;
  children: ReactNode;
}

/** The control a field's texts belong to, when the item does not name it (htmlFor). */
const CONTROL = [
  'input:not([type="hidden"])',
  'textarea',
  '[role="group"]',
  '[role="combobox"]',
  '[role="radiogroup"]',
  '[role="listbox"]',
].join(', ');

/** Puts `helpId` in (or out of) the control's aria-describedby, and aria-invalid on (or off). */
export function tieToHelp(control: Element, helpId: string, described: boolean, invalid: boolean): void {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id && id !== helpId);
  if (described) ids.push(helpId);
  if (ids.length) control.setAttribute('aria-describedby', ids.join(' '));
  else control.removeAttribute('aria-describedby');
  if (invalid) control.setAttribute('aria-invalid', 'true');
  else control.removeAttribute('aria-invalid');
}

export default function FieldItem({ error, help, htmlFor, children, ...rest }: FieldItemProps) {
  const helpId = `${useId()}-help`;
  const box = useRef<HTMLDivElement>(null);
  const invalid = !!error;
  const text = error || help;
  useLayoutEffect(() => {
    const control = (htmlFor && document.getElementById(htmlFor)) || box.current?.querySelector(CONTROL);
    if (control) tieToHelp(control, helpId, !!text, invalid);
  });
  return (
    <Form.Item
      {...rest}
      htmlFor={htmlFor}
      validateStatus={invalid ? 'error' : undefined}
      help={text ? <span id={helpId}>{text}</span> : undefined}
    >
      <div ref={box} style={{ display: 'contents' }}>
        {children}
      </div>
    </Form.Item>
  );
}
