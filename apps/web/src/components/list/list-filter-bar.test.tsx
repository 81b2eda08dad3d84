import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { App } from 'antd';
import type { ListFilter } from '@mbo/contracts/lists/list-definition';
import { DISPUTES_LIST } from '@mbo/contracts/lists/disputes-list';
import { SETTLEMENTS_LIST } from '@mbo/contracts/lists/settlements-list';
import { GlobalStateContext } from '@/lib/global-state';
import { renderWithTestAntd } from '@/testing/test-antd';
import { testGlobalState } from '@/testing/render-with-state';
import type { FilterPatch } from '@/lib/use-url-filters';
import type { ListUrlValues } from './list-request';
import { ListFilterControls } from './list-filter-bar';

vi.setConfig({ testTimeout: 30_000 });

const TYPE: ListFilter = {
  type: 'statusSet',
  urlKey: 'kind',
  label: 'Type',
  statuses: ['CAPTURE', 'REFUND'],
  labels: { CAPTURE: 'Capture', REFUND: 'Refund' },
  apiKey: 'type',
};

/** The filter controls showing `values`; returns every patch they send. */
function renderControls(values: ListUrlValues, filters: readonly ListFilter[] = [TYPE]) {
  const patches: FilterPatch<ListUrlValues>[] = [];
  renderWithTestAntd(
    <App>
      <GlobalStateContext.Provider value={testGlobalState()}>
        <ListFilterControls filters={filters} values={values} onChange={(p) => patches.push(p)} />
      </GlobalStateContext.Provider>
    </App>,
  );
  return patches;
}

/** What a patch makes of the filters as last written. */
const apply = (patch: FilterPatch<ListUrlValues>, current: ListUrlValues) => ({
  ...current,
  ...(typeof patch === 'function' ? patch(current) : patch),
});

afterEach(cleanup);

describe('the list filter bar', () => {
  it('a multiple select adds its pick to the values as last written, not to the ones it still shows', async () => {
    // The select still shows Capture (a render from before "Clear filters" was written) when Refund is picked.
    const patches = renderControls({ kind: ['CAPTURE'] });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByTitle('Refund'));
    expect(patches).toHaveLength(1);
    expect(apply(patches[0], {})).toEqual({ kind: ['REFUND'] });
    expect(apply(patches[0], { kind: ['CAPTURE'] })).toEqual({ kind: ['CAPTURE', 'REFUND'] });
  });

  it('removing a value takes it out of the values as last written; none left clears the filter', async () => {
    const patches = renderControls({ kind: ['CAPTURE', 'REFUND'] });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
    const option = (await screen.findAllByTitle('Capture')).find((el) =>
      el.classList.contains('ant-select-item-option'),
    );
    fireEvent.click(option as HTMLElement);
    expect(patches).toHaveLength(1);
    expect(apply(patches[0], { kind: ['CAPTURE', 'REFUND'] })).toEqual({ kind: ['REFUND'] });
    expect(apply(patches[0], { kind: ['CAPTURE'] })).toEqual({ kind: undefined });
  });

  it.each([
    ['settlement history', SETTLEMENTS_LIST.filters, 'Status', 'status', ['Pending', 'Paid', 'Failed'], 'FAILED'],
    ['disputes', DISPUTES_LIST.filters, 'Kind', 'kind', ['Customer dispute', 'Chargeback'], 'CHARGEBACK'],
  ] as const)(
    "%s: a status set is the bar's multiple select, with every value among its options (none cut off on a phone)",
    async (_list, filters, name, urlKey, labels, lastValue) => {
      const patches = renderControls({}, filters);
      // One pattern: no segmented control (a radio group) anywhere in the bar.
      expect(screen.queryByRole('radiogroup')).toBeNull();
      fireEvent.mouseDown(screen.getByRole('combobox', { name }));
      for (const label of labels) expect(await screen.findByTitle(label)).toBeTruthy();
      // The last value, the one a segmented control lost at 375 px, is picked like any other.
      fireEvent.click(screen.getByTitle(labels[labels.length - 1]));
      expect(patches).toHaveLength(1);
      expect(apply(patches[0], {})).toEqual({ [urlKey]: [lastValue] });
    },
  );
});
