import '@/testing/mock-http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { SEARCH_PATHS, type SearchResults } from '@mbo/contracts/search';
import { postMock } from '@/testing/mock-http';
import { renderWithState } from '@/testing/render-with-state';
import { setupUser } from '@/testing/user';
import SearchTrigger from './search-trigger';

// The dialog's chunk, loaded once here so opening it does not wait on the first import.
await import('./search-dialog');

const record = (kind: 'PAYMENT' | 'REFUND', id: string, amount: number) => ({
  kind,
  id,
  reference: kind === 'PAYMENT' ? 'ORD-1' : 'PAY01',
  status: 'SUCCESS',
  amount,
  currency: 'EUR',
  createdAt: '2026-11-27T10:10:11.000Z',
  merchantId: 'M100001',
  merchantName: 'Demo Store',
  matchedBy: 'ID' as const,
  endpointId: null,
});

const RESULTS: SearchResults = {
  query: 'PAY',
  groups: [
    { kind: 'PAYMENT', records: [record('PAYMENT', 'PAY01', 1250), record('PAYMENT', 'PAY02', 990)], more: false },
    { kind: 'REFUND', records: [record('REFUND', 'REF01', 500)], more: false },
  ],
};

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

beforeEach(() => {
  window.localStorage.clear();
  postMock.mockReset();
  postMock.mockImplementation(async (url, body) => {
    expect(url).toBe(SEARCH_PATHS.search);
    return { ...RESULTS, query: (body as { query: string }).query };
  });
});
afterEach(cleanup);

async function openWithShortcut() {
  renderWithState(
    <>
      <SearchTrigger compact={false} />
      <Where />
    </>,
  );
  const events = setupUser();
  await events.keyboard('{Control>}k{/Control}');
  const input = await screen.findByRole('combobox', { name: /Search records/ });
  await waitFor(() => expect(document.activeElement).toBe(input));
  return { events, input };
}

describe('global search dialog', () => {
  it('opens with Ctrl+K, moves through the grouped results with the arrow keys, and opens one with Enter', async () => {
    const { events, input } = await openWithShortcut();
    expect(screen.getByRole('dialog', { name: 'Search' })).toBeTruthy();
    await events.type(input, 'PAY');
    const listbox = screen.getByRole('listbox', { name: 'Search results' });
    await screen.findByRole('option', { name: /PAY02/ });
    expect(screen.getByRole('group', { name: 'Payments' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Refunds' })).toBeTruthy();
    expect(listbox.textContent).toContain('12.50\u00a0EUR');
    expect(listbox.textContent).toContain('Succeeded');
    expect(listbox.textContent).toContain('2026-11-27 18:10:11');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);

    const activeText = () => document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(activeText()).toContain('PAY01');
    await events.keyboard('{ArrowDown}');
    expect(activeText()).toContain('PAY02');
    await events.keyboard('{ArrowDown}');
    expect(activeText()).toContain('REF01');
    expect(screen.getByRole('option', { name: /REF01/ }).getAttribute('aria-selected')).toBe('true');
    await events.keyboard('{ArrowDown}');
    expect(activeText()).toContain('PAY01');
    await events.keyboard('{ArrowUp}');
    expect(activeText()).toContain('REF01');
    // Focus never leaves the field.
    expect(document.activeElement).toBe(input);

    await events.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'location' }).textContent).toBe(
        '/transactions/refunds_detail?refundId=REF01',
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the search as a recent one, offers it on the next opening, and never keeps a secret key', async () => {
    const { events, input } = await openWithShortcut();
    await events.type(input, 'PAY01');
    await screen.findByRole('option', { name: /^PAY01/ });
    await events.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await events.click(screen.getByRole('button', { name: /Search/ }));
    const again = await screen.findByRole('combobox', { name: /Search records/ });
    const recent = await screen.findByRole('listbox', { name: 'Recent searches' });
    expect(recent.textContent).toContain('PAY01');
    // The field takes the first focus again; Enter on a recent search runs it again.
    await waitFor(() => expect(document.activeElement).toBe(again));
    await events.keyboard('{Enter}');
    expect((again as HTMLInputElement).value).toBe('PAY01');

    await events.clear(again);
    await events.type(again, 'sk_test_AbCdEfGhIjKlMnOpQrStUvWxYz012345');
    await screen.findByRole('option', { name: /^PAY01/ });
    await events.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.localStorage.getItem('mbo.search.recent.u_1')).toBe('["PAY01"]');
  });

  it('closes with Escape and gives focus back to the search button', async () => {
    await openWithShortcut();
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /Search/ })));
  });
});
