import type { PublicOrganisation } from '@gatehouse/common/schemas/organisation';

/** The product mark used when an organisation has no logo of its own (or it fails to load). */
function DefaultMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="28" height="28" rx="6" fill="var(--colour-primary, #1d5fbf)" />
      <path d="M10 24V13l6-5 6 5v11h-4v-6h-4v6z" fill="var(--colour-on-primary, #fff)" />
    </svg>
  );
}

/** The organisation's mark and name (unless it chose to hide the name). */
export function Logo({ org }: { org: PublicOrganisation }) {
  return (
    <span className="brand">
      <DefaultMark />
      {org.hideOrganisationName ? (
        <span className="visually-hidden">{org.displayName}</span>
      ) : (
        <span className="brand-name">{org.displayName}</span>
      )}
    </span>
  );
}
