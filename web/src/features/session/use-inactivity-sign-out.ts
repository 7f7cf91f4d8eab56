import { LIMITS } from '@gatehouse/common/policy';
import { useEffect, useRef } from 'react';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * While signed in, signs the user out after the inactivity period (the spec's 1,200,000 ms) without
 * any interaction; every interaction restarts the timer. The server ends idle sessions on its own too.
 */
export function useInactivitySignOut(active: boolean, signOut: () => void): void {
  const signOutRef = useRef(signOut);
  useEffect(() => {
    signOutRef.current = signOut;
  });
  useEffect(() => {
    if (!active) return;
    let timer = window.setTimeout(() => signOutRef.current(), LIMITS.sessionIdleMs);
    const restart = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => signOutRef.current(), LIMITS.sessionIdleMs);
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, restart, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, restart);
    };
  }, [active]);
}
