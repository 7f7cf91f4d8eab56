import { useEffect, useRef } from 'react';

/** Runs `run` once when the page arrives (a link's token is used once, even when React runs effects twice). */
export function useRunOnce(run: () => void, when = true): void {
  const done = useRef(false);
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    if (done.current || !when) return;
    done.current = true;
    latest.current();
  }, [when]);
}
