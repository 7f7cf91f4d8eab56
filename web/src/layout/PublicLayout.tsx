import type { PublicOrganisation } from '@gatehouse/common/schemas/organisation';
import type { ReactNode } from 'react';

import { organisationImageUrl } from '../api/first-load.ts';
import { LanguageSwitcher } from '../features/language/LanguageSwitcher.tsx';
import { pageBackground } from '../features/organisation/theme.ts';
import { Footer } from './Footer.tsx';
import { Logo } from './Logo.tsx';

/** The signed-out layout: the organisation's logo, background and hero image around the page, and the footer. */
export function PublicLayout({ org, children }: { org: PublicOrganisation; children: ReactNode }) {
  const background = pageBackground(org);
  return (
    <div className={`public-layout${background ? ' has-background' : ''}`} style={background}>
      <header className="public-header">
        <Logo org={org} />
        <LanguageSwitcher offered={org.offeredLanguages} />
      </header>
      <div className={`public-body${org.heroImageID ? ' has-hero' : ''}`}>
        {org.heroImageID && (
          <div className="public-hero">
            <img src={organisationImageUrl('hero', org.heroImageID)} alt="" />
          </div>
        )}
        <main id="main" className="page page-public">
          {children}
        </main>
      </div>
      <Footer />
    </div>
  );
}
