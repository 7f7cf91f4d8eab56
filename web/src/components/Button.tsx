import type { ButtonHTMLAttributes } from 'react';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'link';
  busy?: boolean;
}

/**
 * A themed button. While busy it keeps focus (aria-disabled, not disabled: Chromium blurs a disabled
 * button, and focus would drop to the page after every submit) and ignores clicks and submits.
 */
export function Button({ variant = 'primary', busy = false, className, children, disabled, onClick, ...rest }: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      className={['button', `button-${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {children}
    </button>
  );
}
