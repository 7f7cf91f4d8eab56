import { LIMITS } from '@gatehouse/common/policy';
import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';

/**
 * Focuses once no modal dialog holds the page: a confirmation dialog that is still fading out when the
 * answer arrives keeps the page inert, and on closing gives the focus back to the button that opened it.
 */
export function focusAfterDialogs(focus: () => void): void {
  const modal = document.querySelector('dialog:modal');
  if (modal) modal.addEventListener('close', focus, { once: true });
  else focus();
}

export interface DialogProps {
  open: boolean;
  header: string;
  text?: ReactNode;
  /** When given, a checkbox with this statement must be ticked before the affirmative button works. */
  confirmationText?: string;
  affirmativeButtonText?: string;
  showButtonCancel?: boolean;
  /** Marks a destructive or weighty action (the affirmative button is styled as such). */
  important?: boolean;
  busy?: boolean;
  onAffirm: () => void;
  onCancel: () => void;
  /** Extra content such as a password field, rendered below the text. */
  children?: ReactNode;
}

/**
 * The modal dialog of the spec: header, text, optional confirmation statement, affirmative button
 * ('Yes' by default) and Cancel. A native <dialog> opened modally: focus is trapped, Escape cancels,
 * focus returns to where it was; it fades out over the spec's 400 ms.
 */
export function Dialog({
  open,
  header,
  text,
  confirmationText,
  affirmativeButtonText = 'Yes',
  showButtonCancel = true,
  important = false,
  busy = false,
  onAffirm,
  onCancel,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const headerId = useId();
  const textId = useId();
  const [confirmed, setConfirmed] = useState(false);
  const [closing, setClosing] = useState(false);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      return;
    }
    if (!open && dialog.open) {
      const start = window.setTimeout(() => setClosing(true), 0);
      const timer = window.setTimeout(() => {
        dialog.close();
        setClosing(false);
        setConfirmed(false);
      }, LIMITS.modalExitMs);
      return () => {
        window.clearTimeout(start);
        window.clearTimeout(timer);
      };
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`dialog${closing ? ' dialog-closing' : ''}`}
      aria-labelledby={headerId}
      aria-describedby={text ? textId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={headerId}>{header}</h2>
      {text && (
        <div id={textId} className="dialog-text">
          {text}
        </div>
      )}
      {children}
      {confirmationText && (
        <div className="field field-checkbox">
          <input id={`${headerId}-confirm`} type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
          <label htmlFor={`${headerId}-confirm`}>{confirmationText}</label>
        </div>
      )}
      <div className="dialog-actions">
        {showButtonCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button
          type="button"
          className={`button ${important ? 'button-danger' : 'button-primary'}`}
          disabled={Boolean(confirmationText) && !confirmed}
          // Busy keeps focus on the button (a disabled one loses it) and ignores further clicks.
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
          onClick={() => {
            if (!busy) onAffirm();
          }}
        >
          {affirmativeButtonText}
        </button>
      </div>
    </dialog>
  );
}
