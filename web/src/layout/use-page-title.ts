import { useContext, useEffect } from 'react';
import { AppSessionContext } from '../app/app-session.ts';

/** Sets the document title to "page title - organisation name" (just the title where there is no organisation). */
export function usePageTitle(title: string): void {
  const displayName = useContext(AppSessionContext)?.org.displayName;
  useEffect(() => {
    document.title = displayName ? `${title} - ${displayName}` : title;
  }, [title, displayName]);
}
