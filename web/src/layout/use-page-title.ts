import { useContext, useLayoutEffect } from 'react';

import { AppSessionContext } from '../app/app-session.ts';

/** Sets the document title to "page title - organisation name" (just the title where there is no organisation). */
export function usePageTitle(title: string): void {
  const displayName = useContext(AppSessionContext)?.org.displayName;
  // With the page's content, not a frame later: a screen reader or a test that finds the new page's
  // heading finds its title too.
  useLayoutEffect(() => {
    document.title = displayName ? `${title} - ${displayName}` : title;
  }, [title, displayName]);
}
