import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Form, Input, Select } from 'antd';
import FieldItem from './field-item';

afterEach(cleanup);

function Amount({ error, help }: { error?: string; help?: string }) {
  return (
    <Form layout="vertical" component="div">
      <FieldItem label="Amount" htmlFor="amount" required error={error} help={help}>
        <Input id="amount" aria-describedby="amount-note" />
      </FieldItem>
      <span id="amount-note">Two decimals at most.</span>
    </Form>
  );
}

const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .filter(Boolean);

describe('FieldItem', () => {
  it('ties the hint to the control, without aria-invalid, while there is no error', () => {
    render(<Amount help="Available 100.00 EUR" />);
    const input = screen.getByLabelText('Amount');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(describedBy(input)).toEqual(['Two decimals at most.', 'Available 100.00 EUR']);
  });

  it('shows the error instead of the hint, with aria-invalid and aria-describedby on the control; clears both after', () => {
    const { rerender } = render(<Amount error="Enter an amount." help="Available 100.00 EUR" />);
    const input = screen.getByLabelText('Amount');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input)).toEqual(['Two decimals at most.', 'Enter an amount.']);
    expect(screen.queryByText('Available 100.00 EUR')).toBeNull();
    rerender(<Amount />);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(describedBy(input)).toEqual(['Two decimals at most.']);
  });

  it('finds the control itself when the item does not name it (a select)', () => {
    render(
      <Form layout="vertical" component="div">
        <FieldItem label="Reason" error="Choose a reason.">
          <Select aria-label="Reason" options={[{ value: 'a', label: 'A' }]} />
        </FieldItem>
      </Form>,
    );
    const select = screen.getByRole('combobox', { name: 'Reason' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(select)).toEqual(['Choose a reason.']);
  });
});
