import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take to show its heading (its code and data loading) before focus gives up. */
const WAIT_MS = 10_000;

/** Whether the user's focus is somewhere the new page should not take it from (a field the page focused itself). */
function focusIsOnThePage(): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return false;
  // The link or button that led here (in the menu or header) keeps nothing: the page's heading takes focus.
  if (active.closest('header, nav, .sidebar')) return false;
  return Boolean(active.closest('main'));
}

function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: false });
}

/**
 * Moves focus to a new page's heading (its h1) when the path changes, as a screen reader user expects
 * after following a link in a single-page app; the first page keeps the browser's own focus. A page
 * that focuses a field itself (autofocus) keeps that focus. Waits for the heading while the page loads.
 */
export function useFocusOnNavigate(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let observer: MutationObserver | null = null;
    const attempt = (): boolean => {
      if (focusIsOnThePage()) return true;
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) return false;
      focusHeading(heading);
      return true;
    };
    // After the page's own effects (autofocus) have run.
    const frame = window.requestAnimationFrame(() => {
      if (attempt()) return;
      observer = new MutationObserver(() => {
        if (attempt()) observer?.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    const timer = window.setTimeout(() => observer?.disconnect(), WAIT_MS);
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      observer?.disconnect();
    };
  }, [pathname]);
}
