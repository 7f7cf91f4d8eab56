/**
 * The organisation's theme across the SPA: its stylesheet (colour, font, button and input styles as
 * CSS custom properties), its tab icon, and its background and hero images.
 */
import type { PublicOrganisation } from '@gatehouse/common/schemas/organisation';
import { type CSSProperties, useEffect } from 'react';

import { urlOf } from '../../api/client.ts';
import { firstLoadApi, organisationImageUrl } from '../../api/first-load.ts';

const DEFAULT_FAVICON = '/favicon.svg';

/** Keeps the document's stylesheet and tab icon those of the organisation; `version` changes when it is refetched. */
export function useOrganisationTheme(org: PublicOrganisation | undefined, version: number): void {
  useEffect(() => {
    const element = document.getElementById('organisation-style');
    if (!org || !element) return;
    const href = urlOf(firstLoadApi.organisationStyle) + `?v=${version}`;
    if (element instanceof HTMLLinkElement) {
      element.href = href;
    } else if (element instanceof HTMLStyleElement) {
      // The server-rendered sign-in page carries the theme inline; from here on it is the linked
      // stylesheet, so that a change of settings reaches the page. The inline copy goes once it loaded.
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.addEventListener('load', () => element.remove(), { once: true });
      element.removeAttribute('id');
      link.id = 'organisation-style';
      element.after(link);
    }
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
