import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Alert, Button } from 'antd';
import { ApiError } from '@/lib/http/request';
import { renderWithState, testGlobalState } from '@/testing/render-with-state';
import { DetailCard } from './detail-cards';
import DetailPage, { type DetailQuery } from './detail-page';
import { useDetailId } from './use-detail-id';

interface Widget {
  widgetId: string;
  name: string;
}

const WIDGETS = { to: '/widgets', label: 'Widgets' };

/** A detail page as a domain writes it, on a query the test controls. */
function WidgetPage({ query }: { query: DetailQuery<Widget> }) {
  const id = useDetailId('widgetId');
  return (
    <DetailPage<Widget>
      noun="widget"
      list={WIDGETS}
      id={id}
      query={query}
      header={(w) => ({
        title: w.name,
        subtitle: 'A widget of the test',
        status: <span>Shiny</span>,
        meta: <span>made in the test</span>,
        actions: <Button>Polish</Button>,
        notice: <Alert type="info" title="Handle with care" />,
      })}
      main={(w) => <DetailCard title="Widget facts" facts={[['Name', w.name]]} />}
      side={() => <DetailCard title="Related" />}
    />
  );
}

const renderAt = (url: string, query: Partial<DetailQuery<Widget>>) =>
  renderWithState(
    <WidgetPage query={{ data: undefined, error: null, refetch: vi.fn(), ...query }} />,
    testGlobalState(),
    url,
  );

afterEach(cleanup);

describe('DetailPage', () => {
  it('shows the record: back link, headline, status, copyable id, meta, actions, notice and both columns', () => {
    renderAt('/widgets/detail?widgetId=W1', { data: { widgetId: 'W1', name: 'Blue widget' } });
    expect(screen.getByRole('link', { name: 'Widgets' }).getAttribute('href')).toBe('/widgets');
    expect(screen.getByRole('heading', { level: 1, name: 'Blue widget' })).toBeTruthy();
    expect(screen.getByText('Widget', { selector: '.mbo-page-header__eyebrow' })).toBeTruthy();
    expect(screen.getByText('A widget of the test')).toBeTruthy();
    expect(screen.getByText('Shiny')).toBeTruthy();
    expect(screen.getByText('W1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy widget ID' })).toBeTruthy();
    expect(screen.getByText('made in the test')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Polish' })).toBeTruthy();
    expect(screen.getByText('Handle with care')).toBeTruthy();
    expect(screen.getByText('Widget facts')).toBeTruthy();
    expect(screen.getByText('Related')).toBeTruthy();
  });

  it('shows a skeleton, named for assistive technology, while the record loads', () => {
    renderAt('/widgets/detail?widgetId=W1', {});
    expect(screen.getByRole('status', { name: 'Loading the widget' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Widget detail' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy widget ID' })).toBeNull();
  });

  it('says "not found" on the page, with the server\'s words, for an unknown or foreign id', () => {
    renderAt('/widgets/detail?widgetId=W404', {
      error: new ApiError('Current page data not exists.', '002001B023', 200),
    });
    expect(screen.getByText('Widget not found', { selector: 'div' })).toBeTruthy();
    expect(
      screen.getByText(
        'Current page data not exists. There is no widget W404 in this merchant account. Check the id, or switch to the merchant it belongs to.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to widgets' }).getAttribute('href')).toBe('/widgets');
  });

  it('says "not found" without a call when the URL has no usable id', () => {
    renderAt('/widgets/detail', {});
    expect(screen.getByText('No widget was given. Open a widget from the widgets list.')).toBeTruthy();
    cleanup();
    renderAt(`/widgets/detail?widgetId=${'W'.repeat(65)}`, {});
    expect(screen.getByText('Widget not found', { selector: 'div' })).toBeTruthy();
  });

  it('shows any other failure with its message and a way to try again', () => {
    const refetch = vi.fn();
    renderAt('/widgets/detail?widgetId=W1', {
      error: new ApiError('System error. (Code: 002000S001)', '002000S001', 500),
      refetch,
    });
    expect(screen.getByText('This widget could not be loaded.')).toBeTruthy();
    expect(screen.getByText('System error. (Code: 002000S001)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('keeps showing the record when a later refresh fails', () => {
    renderAt('/widgets/detail?widgetId=W1', {
      data: { widgetId: 'W1', name: 'Blue widget' },
      error: new Error('Network Error'),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Blue widget' })).toBeTruthy();
    expect(screen.queryByText('This widget could not be loaded.')).toBeNull();
  });
});
