import { useEffect, useRef, type ReactNode } from 'react';

interface AlertProps {
  kind: 'success' | 'error' | 'info';
  children: ReactNode;
  /** Scroll the message into view when it appears (server errors of a long form). */
  scrollIntoView?: boolean;
}

/** A message area: errors are announced assertively, success and info politely. */
export function Alert({ kind, children, scrollIntoView = false }: AlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scrollIntoView) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [scrollIntoView, children]);
  return (
    <div ref={ref} className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
