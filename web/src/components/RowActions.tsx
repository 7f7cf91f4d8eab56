import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';

import './row-actions.css';

export interface RowAction {
  label: string;
  onSelect: () => void;
  /** Destructive: set apart and in the danger colour. */
  danger?: boolean;
}

/**
 * A row's actions behind one quiet button (the menu button pattern of WAI-ARIA): the button names the
 * row ('Actions for ada@acme.test'), opens a menu whose first item takes the focus, arrow keys, Home and
 * End move within it, Escape closes it and gives the focus back, and a click elsewhere or Tab closes it.
 * Clicks inside do not reach the row (which opens the item).
 */
export function RowActions({ label, actions }: { label: string; actions: readonly RowAction[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const items = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];

  useLayoutEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const close = (event: MouseEvent) => {
      if (!menu.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const focus = (index: number) => all[(index + all.length) % all.length]?.focus();
    if (event.key === 'ArrowDown') focus(at + 1);
    else if (event.key === 'ArrowUp') focus(at - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(all.length - 1);
    else if (event.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
      return;
    } else return;
    event.preventDefault();
  };

  return (
    <div className="row-actions" onClick={(event) => event.stopPropagation()}>
      <button
        ref={button}
        type="button"
        className="row-actions-button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <ul ref={menu} id={menuId} role="menu" aria-label={label} className="row-actions-menu" onKeyDown={onMenuKey}>
          {actions.map((action) => (
            <li key={action.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={action.danger ? 'row-actions-danger' : undefined}
                onClick={() => {
                  setOpen(false);
                  action.onSelect();
                }}
              >
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
