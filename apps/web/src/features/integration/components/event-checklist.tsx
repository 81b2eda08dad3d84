import { useId } from 'react';
import { Checkbox } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@mbo/contracts/integration';
import { useLabel } from '@/i18n/use-label';
import { eventGroups } from '../utils/event-groups';

export interface EventChecklistProps {
  value: WebhookEventType[];
  onChange: (value: WebhookEventType[]) => void;
  /** Described by the form's error or hint. */
  describedBy?: string;
  invalid?: boolean;
}

/** Keeps the contract's order, whatever order the boxes were ticked in. */
const ordered = (set: Set<WebhookEventType>) => WEBHOOK_EVENT_TYPES.filter((t) => set.has(t));

/**
 * The events an endpoint receives, grouped by domain: "Select all", a box per group (all of it) and one per event with
 * what it means.
 */
export function EventChecklist({ value, onChange, describedBy, invalid }: EventChecklistProps) {
  const id = useId();
  const { t } = useTranslation('integration');
  const label = useLabel();
  const groups = eventGroups(t);
  const chosen = new Set(value);
  const toggle = (types: readonly WebhookEventType[], on: boolean) => {
    const next = new Set(chosen);
    for (const type of types) {
      if (on) next.add(type);
      else next.delete(type);
    }
    onChange(ordered(next));
  };
  const all = WEBHOOK_EVENT_TYPES.length;
  return (
    <div
      className={`mbo-integration-events${invalid ? ' is-invalid' : ''}`}
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={describedBy}
    >
      <div className="mbo-integration-events__all">
        <span id={`${id}-label`} className="mbo-list-sr-only">
          {t('checklist.label')}
        </span>
        <Checkbox
          checked={chosen.size === all}
          indeterminate={chosen.size > 0 && chosen.size < all}
          onChange={(e) => toggle(WEBHOOK_EVENT_TYPES, e.target.checked)}
        >
          {t('checklist.all')}
        </Checkbox>
        <span className="mbo-list-sub">{t('checklist.chosen', { n: chosen.size, all })}</span>
      </div>
      {groups.map((group) => {
        const picked = group.types.filter((type) => chosen.has(type)).length;
        return (
          <fieldset key={group.domain} className="mbo-integration-events__group">
            <legend className="mbo-list-sr-only">{group.label}</legend>
            <Checkbox
              className="mbo-integration-events__group-box"
              checked={picked === group.types.length}
              indeterminate={picked > 0 && picked < group.types.length}
              onChange={(e) => toggle(group.types, e.target.checked)}
            >
              <strong>{group.label}</strong> <span className="mbo-list-mono">{group.domain}.*</span>
            </Checkbox>
            <div className="mbo-integration-events__items">
              {group.types.map((type) => (
                <Checkbox key={type} checked={chosen.has(type)} onChange={(e) => toggle([type], e.target.checked)}>
                  <span className="mbo-list-mono">{type}</span>
                  <span className="mbo-list-sub mbo-integration-events__label">
                    {label('WEBHOOK_EVENT_TYPES', type)}
                  </span>
                </Checkbox>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
