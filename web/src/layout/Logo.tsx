import type { PublicOrganisation } from '@gatehouse/common/schemas/organisation';
import { useState } from 'react';

import { organisationImageUrl } from '../api/first-load.ts';

/** The product mark used when an organisation has no logo of its own (or it fails to load). */
function DefaultMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="28" height="28" rx="6" fill="var(--colour-primary, #1d5fbf)" />
      <path d="M10 24V13l6-5 6 5v11h-4v-6h-4v6z" fill="var(--colour-on-primary, #fff)" />
    </svg>
  );
}

/**
 * The organisation's logo (or the default mark when it has none or the logo fails to load, which
 * sets the logo-error flag) and its name, unless it chose to hide the name.
 */
export function Logo({
  org,
  src = org.logoID ? organisationImageUrl('logo', org.logoID) : null,
}: {
  org: Pick<PublicOrganisation, 'logoID' | 'displayName' | 'hideOrganisationName'>;
  /** Another logo to show, such as an unsaved one in a preview. */
  src?: string | null;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const logoError = src !== null && failedSrc === src;
  // A logo rendered on the server may fail before the page is hydrated, when no onError listens yet: an
  // image already done loading is asked whether it can be decoded (a broken one cannot; an SVG can).
  const checkLoaded = (img: HTMLImageElement | null) => {
    if (img && src && img.complete) img.decode().catch(() => setFailedSrc(src));
  };
  return (
    <span className="brand" data-logo-error={logoError || undefined}>
      {src && !logoError ? (
        <img ref={checkLoaded} className="brand-logo" src={src} alt="" onError={() => setFailedSrc(src)} />
      ) : (
        <DefaultMark />
      )}
      {org.hideOrganisationName ? (
        <span className="visually-hidden">{org.displayName}</span>
      ) : (
        <span className="brand-name">{org.displayName}</span>
      )}
    </span>
  );
}
