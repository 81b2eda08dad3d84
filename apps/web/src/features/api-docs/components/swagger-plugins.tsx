/**
 * Two of swagger-ui's components replaced (a swagger-ui plugin), so the reference passes the app's
 * accessibility budget (axe-core, WCAG 2 A/AA): each renders what swagger-ui's own does, minus the
 * fault. Only the props they read are typed; the rest is passed on untouched.
 */
import { createElement, type ComponentType } from 'react';
import { useTranslation } from '@/i18n/use-translation';

interface ImmutableRecord<T> {
  toObject(): T;
}

export interface OperationSummaryPathProps {
  operationProps: ImmutableRecord<{ deprecated?: boolean; path: string }>;
}

/**
 * An operation's path in its summary row. swagger-ui wraps it in a deep link (<a href="#/tag/op">),
 * a link inside the row's button (axe: nested-interactive) that does nothing when clicked. The path
 * stays plain text; opening the operation still writes its deep link to the address bar.
 */
export function OperationSummaryPath({ operationProps }: OperationSummaryPathProps) {
  const { deprecated, path } = operationProps.toObject();
  // A line may break before each "/", as swagger-ui's own does.
  const segments = path.split(/(?=\/)/g);
  return (
    <span className={deprecated ? 'opblock-summary-path__deprecated' : 'opblock-summary-path'} data-path={path}>
      <span>
        {segments.map((segment, i) => (
          <span key={i}>
            {i > 0 ? <wbr /> : null}
            {segment}
          </span>
        ))}
      </span>
    </span>
  );
}

/** The servers picker's title, as the select's label. */
function ServersLabel() {
  const { t } = useTranslation('api-docs', { keyPrefix: 'reference' });
  return (
    <label className="servers-title" htmlFor="servers">
      {t('servers')}
    </label>
  );
}

export interface ServersContainerProps {
  specSelectors: { servers(): { size: number } | null | undefined };
  oas3Selectors: { selectedServer(): unknown; serverVariableValue: unknown; serverEffectiveValue: unknown };
  oas3Actions: { setSelectedServer: unknown; setServerVariableValue: unknown };
  getComponent(name: 'Servers'): ComponentType<Record<string, unknown>>;
}

/**
 * The servers picker. swagger-ui titles it with a <span> and wraps its <select id="servers"> in an
 * empty <label>, so the select has no name (axe: select-name); here the title is its label.
 */
export function ServersContainer({ specSelectors, oas3Selectors, oas3Actions, getComponent }: ServersContainerProps) {
  const servers = specSelectors.servers();
  if (!servers?.size) return null;
  return (
    <div>
      <ServersLabel />
      {/* swagger-ui's own Servers: getComponent hands back the same registered component each time. */}
      {createElement(getComponent('Servers'), {
        servers,
        currentServer: oas3Selectors.selectedServer(),
        setSelectedServer: oas3Actions.setSelectedServer,
        setServerVariableValue: oas3Actions.setServerVariableValue,
        getServerVariable: oas3Selectors.serverVariableValue,
        getEffectiveServerValue: oas3Selectors.serverEffectiveValue,
      })}
    </div>
  );
}

/** The plugin given to swagger-ui-react (`plugins`). */
export const accessibleComponentsPlugin = () => ({ components: { OperationSummaryPath, ServersContainer } });
