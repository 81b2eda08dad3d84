import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { App } from 'antd';
import type { ListFilter } from '@mbo/contracts/lists/list-definition';
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
function renderControls(values: ListUrlValues) {
  const patches: FilterPatch<ListUrlValues>[] = [];
  renderWithTestAntd(
    <App>
      <GlobalStateContext.Provider value={testGlobalState()}>
        <ListFilterControls filters={[TYPE]} values={values} onChange={(p) => patches.push(p)} />
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
});
