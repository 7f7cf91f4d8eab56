import { applicationsApi } from '@gatehouse/common/api/applications';
import { urlOf } from '../../api/client.ts';
import { useState, type CSSProperties } from 'react';
import { initialColours } from '../../components/Avatar.tsx';
import './applications.css';

export const clientLogoSrc = (logoID: string) => urlOf(applicationsApi.logo, { query: { id: logoID } });

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
