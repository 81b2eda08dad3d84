import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import {
  OperationSummaryPath,
  ServersContainer,
  accessibleComponentsPlugin,
  type ServersContainerProps,
} from './swagger-plugins';

afterEach(cleanup);

const record = <T,>(value: T) => ({ toObject: () => value });

describe('OperationSummaryPath', () => {
  it('shows the path as text, with no link inside the summary button', () => {
    const { container } = render(
      <button type="button">
        <OperationSummaryPath operationProps={record({ path: '/payments/{paymentId}/refunds' })} />
      </button>,
    );
    const path = container.querySelector('.opblock-summary-path');
    expect(path?.textContent).toBe('/payments/{paymentId}/refunds');
    expect(path?.getAttribute('data-path')).toBe('/payments/{paymentId}/refunds');
    expect(container.querySelectorAll('wbr')).toHaveLength(2);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('marks a deprecated operation as swagger-ui does', () => {
    const { container } = render(<OperationSummaryPath operationProps={record({ path: '/old', deprecated: true })} />);
    expect(container.querySelector('.opblock-summary-path__deprecated')?.textContent).toBe('/old');
  });
});

describe('ServersContainer', () => {
  const props = (servers: { size: number } | null, seen: Record<string, unknown>[] = []): ServersContainerProps => ({
    specSelectors: { servers: () => servers },
    oas3Selectors: { selectedServer: () => '/api/v1', serverVariableValue: 'vv', serverEffectiveValue: 'ev' },
    oas3Actions: { setSelectedServer: 'set', setServerVariableValue: 'setVar' },
    getComponent: () =>
      function Servers(p: Record<string, unknown>) {
        seen.push(p);
        return (
          <select id="servers" defaultValue="/api/v1">
            <option value="/api/v1">/api/v1 - Sandbox</option>
          </select>
        );
      },
  });

  it("names swagger-ui's server select by its title and hands it what swagger-ui would", () => {
    const seen: Record<string, unknown>[] = [];
    render(<ServersContainer {...props({ size: 1 }, seen)} />);
    expect(screen.getByLabelText('Servers').tagName).toBe('SELECT');
    expect(seen[0]).toMatchObject({
      servers: { size: 1 },
      currentServer: '/api/v1',
      setSelectedServer: 'set',
      setServerVariableValue: 'setVar',
      getServerVariable: 'vv',
      getEffectiveServerValue: 'ev',
    });
  });

  it('shows nothing for a document without servers', () => {
    const { container } = render(<ServersContainer {...props(null)} />);
    expect(container.innerHTML).toBe('');
  });

  it('is registered under the names swagger-ui looks up', () => {
    expect(accessibleComponentsPlugin().components).toEqual({ OperationSummaryPath, ServersContainer });
  });
});
