/**
 * The organisation's theme across the SPA: its stylesheet (colour, font, button and input styles as
 * CSS custom properties), its tab icon, and its background and hero images.
 */
import { useEffect, type CSSProperties } from 'react';
import { urlOf } from '../../api/client.ts';
import { firstLoadApi, organisationImageUrl } from '../../api/first-load.ts';
import type { PublicOrganisation } from '@gatehouse/common/schemas/organisation';

const DEFAULT_FAVICON = '/favicon.svg';

/** Keeps the document's stylesheet and tab icon those of the organisation; `version` changes when it is refetched. */
export function useOrganisationTheme(org: PublicOrganisation | undefined, version: number): void {
  useEffect(() => {
    const link = document.getElementById('organisation-style');
    if (org && link instanceof HTMLLinkElement) link.href = urlOf(firstLoadApi.organisationStyle) + `?v=${version}`;
  }, [org, version]);

  const favicon = org?.favicon ?? null;
  useEffect(() => {
    const link = document.getElementById('organisation-favicon');
    if (!(link instanceof HTMLLinkElement)) return;
    link.type = favicon ? 'image/x-icon' : 'image/svg+xml';
    link.href = favicon ? organisationImageUrl('favicon', favicon) : DEFAULT_FAVICON;
  }, [favicon]);
}

/** The page wrapper's background image, when the organisation has one. */
export function pageBackground(org: Pick<PublicOrganisation, 'backgroundImageID'>, src?: string | null): CSSProperties | undefined {
  const url = src ?? (org.backgroundImageID ? organisationImageUrl('background', org.backgroundImageID) : null);
  return url ? { backgroundImage: `url("${url}")` } : undefined;
}
