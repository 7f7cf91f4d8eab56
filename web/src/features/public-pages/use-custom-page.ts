import { useEffect } from 'react';
import { useLocation } from 'react-router';

const WEB_ADDRESS = /^https?:\/\//i;

/**
 * The organisation's own privacy, terms or help page replaces ours when it set one: the browser goes
 * there (replacing this entry in its history). True while it leaves. Only http(s) addresses are
 * followed, as the settings only accept those.
 */
export function useCustomPageRedirect(url: string | null): boolean {
  const leaving = url !== null && WEB_ADDRESS.test(url);
  useEffect(() => {
    if (leaving) window.location.replace(url!);
  }, [leaving, url]);
  return leaving;
}

/** Scrolls to the element a fragment (or a /help/<section> path) names once the page has rendered it. */
export function useScrollToSection(id: string | undefined, ready: boolean): void {
  const { key } = useLocation();
  useEffect(() => {
    if (ready && id) document.getElementById(id)?.scrollIntoView();
  }, [id, ready, key]);
}
