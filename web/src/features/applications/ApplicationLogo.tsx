import { applicationsApi } from '@gatehouse/common/api/applications';
import { urlOf } from '../../api/client.ts';
import { useState, type CSSProperties } from 'react';
import { COLOUR_VALUES, COLOURS } from '@gatehouse/common/policy';
import './applications.css';

export const clientLogoSrc = (logoID: string) => urlOf(applicationsApi.logo, { query: { id: logoID } });

/** One of the theme colours for a name, the same every time: applications without a logo tell apart at a glance. */
function initialColours(name: string): CSSProperties {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  const colour = COLOUR_VALUES[COLOURS[hash % COLOURS.length]!];
  return { background: colour.primary, color: colour.onPrimary };
}

/** An application's logo, or its initial when it has none (or the logo fails to load). Decorative: the name is always shown beside it. */
export function ApplicationLogo({ logoID, name, style }: { logoID: string | null; name: string; style?: CSSProperties }) {
  const [failed, setFailed] = useState(false);
  if (logoID && !failed) return <img className="app-logo" src={clientLogoSrc(logoID)} alt="" onError={() => setFailed(true)} />;
  return (
    <span className="app-logo app-logo-initial" aria-hidden="true" style={style ?? initialColours(name)}>
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
