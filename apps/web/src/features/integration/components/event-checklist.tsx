import { useId } from 'react';
import { Checkbox } from 'antd';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@mbo/contracts/integration';
import { eventGroups } from '../utils/event-groups';

const GROUPS = eventGroups();

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
  const chosen = new Set(value);
  const toggle = (types: readonly WebhookEventType[], on: boolean) => {
    const next = new Set(chosen);
    for (const t of types) {
      if (on) next.add(t);
      else next.delete(t);
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
          Events
        </span>
        <Checkbox
          checked={chosen.size === all}
          indeterminate={chosen.size > 0 && chosen.size < all}
          onChange={(e) => toggle(WEBHOOK_EVENT_TYPES, e.target.checked)}
        >
          Select all events
        </Checkbox>
        <span className="mbo-list-sub">
          {chosen.size} of {all} chosen
        </span>
      </div>
      {GROUPS.map((group) => {
        const picked = group.types.filter((t) => chosen.has(t)).length;
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
                  <span className="mbo-list-sub mbo-integration-events__label">{WEBHOOK_EVENT_LABELS[type]}</span>
                </Checkbox>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
