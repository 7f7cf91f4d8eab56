import { type ReactNode, useEffect, useRef } from 'react';

interface AlertProps {
  kind: 'success' | 'error' | 'info';
  children: ReactNode;
  /** Scroll the message into view when it appears (server errors of a long form). */
  scrollIntoView?: boolean;
  /** Take the focus when it appears: the result that replaced the form the focus was in. */
  focus?: boolean;
}

/** A message area: errors are announced assertively, success and info politely. */
export function Alert({ kind, children, scrollIntoView = false, focus = false }: AlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scrollIntoView) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [scrollIntoView, children]);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div ref={ref} className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'} tabIndex={focus ? -1 : undefined}>
      {children}
    </div>
  );
}
