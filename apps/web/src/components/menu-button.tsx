import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { Dropdown, Popover, type DropdownProps, type MenuProps, type PopoverProps } from 'antd';
import { tabStops } from '@/lib/a11y/dialog-tab-wrap';

/**
 * The menus and pop-overs of the app, usable from the keyboard alone (WAI-ARIA menu button pattern):
 * Enter, Space or ArrowDown on the button opens the menu with focus on its first item (ArrowUp: the
 * last); the arrows move (antd's Menu); Escape closes it and gives focus back to the button; Tab
 * closes it and moves on from the button. Choosing an item gives focus back to the button first, so
 * a dialog the item opens returns focus there when it closes. Every Dropdown menu of the app goes
 * through MenuButton, every click pop-over (the column chooser) through PopoverButton.
 */

const MENU_ITEM = '[role="menuitem"]:not([aria-disabled="true"])';

type Which = 'first' | 'last';
type TriggerProps = {
  ref?: Ref<HTMLElement>;
  onKeyDown?: (e: KeyboardEvent<HTMLElement>) => void;
  onKeyUp?: (e: KeyboardEvent<HTMLElement>) => void;
  'aria-haspopup'?: string;
  'aria-expanded'?: boolean;
};

const OPEN_KEYS: Record<string, Which> = { Enter: 'first', ' ': 'first', ArrowDown: 'first', ArrowUp: 'last' };

/** An item's element to focus: its link when it has one (as antd's Menu does), else the item. */
function focusTarget(item: HTMLElement): HTMLElement {
  const link = item.querySelector<HTMLElement>('a[href]');
  return link ?? item;
}

/** Keeps trying for a few frames: the popup renders after the state that opens it. */
function focusWhenShown(find: () => HTMLElement | null | undefined): () => void {
  let frame = 0;
  let tries = 0;
  const attempt = () => {
    // A popup opened again is in the DOM before it is shown: focus takes only once it is.
    const el = find();
    el?.focus();
    if ((!el || document.activeElement !== el) && ++tries < 30) frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

/** The shared state and key handling of a button that opens a popup. */
function usePopupButton(
  pick: (popup: HTMLElement, which: Which) => HTMLElement | null | undefined,
  kind: 'menu' | 'panel',
) {
  const [open, setOpen] = useState(false);
  const pending = useRef<Which | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const popup = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const which = pending.current;
    if (!open || !which) return undefined;
    pending.current = null;
    return focusWhenShown(() => (popup.current ? pick(popup.current, which) : null));
  }, [open, pick]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };

  const triggerProps = (child: ReactElement<TriggerProps>): TriggerProps => ({
    ref: (el: HTMLElement | null) => {
      trigger.current = el;
      const own = child.props.ref;
      if (typeof own === 'function') own(el);
      else if (own && typeof own === 'object') (own as { current: HTMLElement | null }).current = el;
    },
    ...(kind === 'menu' ? { 'aria-haspopup': 'menu' } : {}),
    'aria-expanded': open,
    onKeyDown: (e) => {
      child.props.onKeyDown?.(e);
      if (e.key === 'Tab' && open) {
        // A menu closes and Tab moves on from the button (and antd's own handler, which would
        // swallow the key, does not see it); a panel takes the focus into its first control.
        e.stopPropagation();
        if (kind === 'menu' || e.shiftKey || !popup.current) setOpen(false);
        else {
          e.preventDefault();
          pick(popup.current, 'first')?.focus();
        }
        return;
      }
      const which = OPEN_KEYS[e.key];
      if (!which || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      if (open && popup.current) {
        pick(popup.current, which)?.focus();
        return;
      }
      pending.current = which;
      setOpen(true);
    },
    // Space clicks a button on key-up: the key-down already opened the popup.
    onKeyUp: (e) => {
      child.props.onKeyUp?.(e);
      if (e.key === ' ') e.preventDefault();
    },
  });

  const onPopupKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') {
      // Leaves from the button: the browser moves on to the control after (or before) it.
      e.stopPropagation();
      close(true);
    }
  };

  return { open, setOpen, close, popup, triggerProps, onPopupKeyDown };
}

const pickMenuItem = (popup: HTMLElement, which: Which) => {
  const items = [...popup.querySelectorAll<HTMLElement>(MENU_ITEM)];
  const item = which === 'first' ? items[0] : items.at(-1);
  return item ? focusTarget(item) : null;
};

export interface MenuButtonProps extends Omit<DropdownProps, 'menu' | 'open' | 'trigger' | 'children'> {
  menu: MenuProps;
  /** The button that opens the menu. */
  children: ReactElement<TriggerProps>;
}

/** An antd Dropdown menu opened by a button, with the keyboard of the menu button pattern. */
export default function MenuButton({ menu, children, popupRender, onOpenChange, ...rest }: MenuButtonProps) {
  const { open, setOpen, close, popup, triggerProps, onPopupKeyDown } = usePopupButton(pickMenuItem, 'menu');
  const onClick: MenuProps['onClick'] = (info) => {
    close(true);
    menu.onClick?.(info);
  };
  return (
    <Dropdown
      {...rest}
      trigger={['click']}
      open={open}
      onOpenChange={(next, info) => {
        setOpen(next);
        onOpenChange?.(next, info);
      }}
      menu={{ ...menu, onClick }}
      popupRender={(node) => (
        <div
          ref={popup}
          onKeyDown={(e) => {
            // Space chooses the focused item, as Enter does (antd's Menu only knows Enter; Space scrolled the page).
            const target = e.target as HTMLElement;
            const item = e.key === ' ' && target.closest<HTMLElement>('[role="menuitem"]');
            if (item) {
              e.preventDefault();
              item.click();
            } else if (e.key === 'Enter' && !target.closest('a[href]')) {
              // antd's Menu chose the item and focus is back on the button: the Enter must not click it
              // too (that would open the menu again). A link item keeps its Enter, which follows it.
              e.preventDefault();
            } else onPopupKeyDown(e);
          }}
        >
          {popupRender ? popupRender(node) : node}
        </div>
      )}
    >
      {cloneElement(children, triggerProps(children))}
    </Dropdown>
  );
}

const pickControl = (popup: HTMLElement, which: Which) => {
  const stops = tabStops(popup);
  return which === 'first' ? stops[0] : stops.at(-1);
};

export interface PopoverButtonProps extends Omit<PopoverProps, 'open' | 'trigger' | 'children' | 'content'> {
  content: ReactNode;
  children: ReactElement<TriggerProps>;
}

/**
 * A click pop-over (a panel of controls, not a menu) with the same keys: it opens with focus on its
 * first control; Escape closes it and gives focus back to its button; Tab past its last control (or
 * Shift+Tab before its first) closes it and moves on from the button.
 */
export function PopoverButton({ content, children, onOpenChange, ...rest }: PopoverButtonProps) {
  const { open, setOpen, popup, triggerProps, onPopupKeyDown } = usePopupButton(pickControl, 'panel');
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Tab') {
      onPopupKeyDown(e);
      return;
    }
    const stops = popup.current ? tabStops(popup.current) : [];
    const edge = e.shiftKey ? stops[0] : stops.at(-1);
    if (document.activeElement === edge || stops.length === 0) onPopupKeyDown(e);
  };
  return (
    <Popover
      {...rest}
      trigger="click"
      open={open}
      onOpenChange={(next, ...more) => {
        setOpen(next);
        onOpenChange?.(next, ...more);
      }}
      content={
        <div ref={popup} onKeyDown={onKeyDown}>
          {content}
        </div>
      }
    >
      {cloneElement(children, triggerProps(children))}
    </Popover>
  );
}
