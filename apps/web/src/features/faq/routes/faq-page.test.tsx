import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithState } from '@/testing/render-with-state';
import { FAQ_ENTRY_IDS } from '../content/faq-entries';
import FaqPage from './faq-page';

afterEach(cleanup);

describe('FaqPage', () => {
  it('lists every entry by category', () => {
    renderWithState(<FaqPage />);
    expect(screen.getByRole('heading', { name: 'Refunds' })).toBeTruthy();
    expect(screen.getByText('Which payments can be refunded?')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(`${FAQ_ENTRY_IDS.length} answers`);
  });

  it('filters live, opens and highlights the matches', () => {
    const { container } = renderWithState(<FaqPage />);
    fireEvent.change(screen.getByLabelText('Search the FAQ'), { target: { value: 'chargeback' } });
    expect(screen.getByRole('status').textContent).toMatch(/answers? match(es)? “chargeback”/);
    expect(screen.queryByText('Which test cards can I use in the sandbox?')).toBeNull();
    const marks = Array.from(container.querySelectorAll('mark')).map((m) => m.textContent?.toLowerCase());
    expect(marks.length).toBeGreaterThan(0);
    expect(new Set(marks)).toEqual(new Set(['chargeback']));
  });

  it('narrows to a category', () => {
    renderWithState(<FaqPage />);
    fireEvent.click(screen.getByText(/^Disputes \(\d+\)$/));
    expect(screen.queryByRole('heading', { name: 'Refunds' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Disputes' })).toBeTruthy();
  });

  it('shows an empty state that clears the search', () => {
    renderWithState(<FaqPage />);
    fireEvent.change(screen.getByLabelText('Search the FAQ'), { target: { value: 'zzzz nothing' } });
    expect(screen.getByText('No answers match “zzzz nothing”')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByText('Which payments can be refunded?')).toBeTruthy();
  });
});
