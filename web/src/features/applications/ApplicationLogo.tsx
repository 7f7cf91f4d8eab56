import { applicationsApi } from '@gatehouse/common/api/applications';
import { useState } from 'react';

import { urlOf } from '../../api/client.ts';
import { initialColours } from '../../components/Avatar.tsx';

import './applications.css';

export const clientLogoSrc = (logoID: string) => urlOf(applicationsApi.logo, { query: { id: logoID } });

/**
 * An application's colour (a theme colour with the text colour that reads on it), the one source for
 * every place that shows the application: chosen by its id, so it is the same in every list it is in
 * and stays when it is renamed.
 */
export const applicationColours = (app: { id: string }) => initialColours(app.id);

/** An application's logo, or its initial when it has none (or the logo fails to load). Decorative: the name is always shown beside it. */
export function ApplicationLogo({ app }: { app: { id: string; name: string; logoID: string | null } }) {
  const [failed, setFailed] = useState(false);
  if (app.logoID && !failed) return <img className="app-logo" src={clientLogoSrc(app.logoID)} alt="" onError={() => setFailed(true)} />;
  return (
    <span className="app-logo app-logo-initial" aria-hidden="true" style={applicationColours(app)}>
      {app.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
