import { HELP_MESSAGES as M } from '@gatehouse/common/help-messages';
import { PUBLIC_PAGE_MESSAGES } from '@gatehouse/common/legal-texts';
import { MESSAGES } from '@gatehouse/common/messages';
import { isAdminRole, TIER_LABELS } from '@gatehouse/common/policy';
import { ROUTES } from '@gatehouse/common/routes';
import type { Account } from '@gatehouse/common/schemas/account';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

import { useServiceInfo } from '../../api/public-queries.ts';
import { useAppSession } from '../../app/app-session.ts';
import type { NavigationState } from '../../app/navigation-state.ts';
import { Card } from '../../components/Card.tsx';
import { LinkedText } from '../../components/LinkedText.tsx';
import { Loader } from '../../components/Loader.tsx';
import { useCustomPageRedirect, useScrollToSection } from '../../features/public-pages/use-custom-page.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { ContactForm } from './ContactForm.tsx';
import { OidcHelp } from './OidcHelp.tsx';

import '../../features/public-pages/public-pages.css';

/** One entry of the help page; /help/<id> opens the page at it. */
function Entry({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div id={id}>
      <Card title={title}>{children}</Card>
    </div>
  );
}

const Paragraphs = ({ texts }: { texts: readonly string[] }) => texts.map((text) => <p key={text}>{text}</p>);

/**
 * /help (and anything under it): the entries of spec section 2 by organisation and role. The free
 * package for the base organisation and Organisation Admins; recovery and lockout for signed-out
 * visitors of an organisation; MFA for everyone; the organisation's support message on its own host;
 * the applications for admins; OpenID Connect help for Organisation Admins; the contact form on the
 * base host and for signed-in users. The organisation's custom help page replaces it when set.
 */
export function HelpPage() {
  const { org, user: sessionUser } = useAppSession();
  usePageTitle(M.title);
  // The section a /help/<id> path opens at.
  const section = useLocation().pathname.split('/')[2];
  const leaving = useCustomPageRedirect(org.customHelpPageURL);
  useScrollToSection(section, !leaving);
  if (leaving) return <Loader label={PUBLIC_PAGE_MESSAGES.redirecting} />;

  const user = org.isBase ? null : sessionUser;
  const role = user?.role ?? null;
  return (
    <div className="help-page">
      <div>
        <h1>{M.title}</h1>
        <p className="lead">{org.isBase ? M.intro : M.organisationIntro(org.displayName)}</p>
      </div>
      {(org.isBase || role === 'OrganisationAdministrator') && (
        <Entry id="package" title={M.freePackageHeading}>
          <Paragraphs texts={M.freePackage} />
          {role && <p>{M.currentPackage(TIER_LABELS[org.tier])}</p>}
          <p>
            <Link to={ROUTES.termsAndConditions.path}>{M.termsLink}</Link>
          </p>
        </Entry>
      )}
      {!org.isBase && !user && (
        <Entry id="recovery" title={M.recoveryHeading}>
          <Paragraphs texts={M.recovery} />
          <p>
            <Link to={ROUTES.recovery.path} state={{ type: 'recovery' } satisfies NavigationState}>
              {M.recoverAccount}
            </Link>
          </p>
        </Entry>
      )}
      <Entry id="mfa" title={M.mfaHeading}>
        <Paragraphs texts={M.mfa} />
        {user && (
          <p>
            <Link to={ROUTES.twoStep.path}>{M.setUpMfa}</Link>
          </p>
        )}
      </Entry>
      {!org.isBase && org.supportMessage && (
        <Entry id="support" title={M.supportMessageHeading(org.displayName)}>
          <LinkedText text={org.supportMessage} />
        </Entry>
      )}
      {user && isAdminRole(user.role) && (
        <Entry id="applications" title={M.clientsHeading}>
          <ApplicationList user={user} />
        </Entry>
      )}
      {role === 'OrganisationAdministrator' && (
        <Entry id="oidc" title={M.oidcHeading}>
          <OidcHelp />
        </Entry>
      )}
      {(org.isBase || user) && (
        <Entry id="contact" title={M.contactHeading}>
          {user ? <p>{M.contactSignedIn(user.email)}</p> : <ContactIntro />}
          <ContactForm signedIn={user !== null} />
        </Entry>
      )}
    </div>
  );
}

function ContactIntro() {
  const info = useServiceInfo();
  return (
    <>
      <p>{M.contactIntro}</p>
      {info.data && <LinkedText text={M.contactAddress(info.data.supportEmail)} />}
    </>
  );
}

/** The organisation's applications, as administrators may use them all (spec: the client list). */
function ApplicationList({ user }: { user: Account }) {
  if (user.clients.length === 0) return <p>{MESSAGES.noApplications}</p>;
  return (
    <>
      <p>{M.clientsIntro}</p>
      <ul className="application-list">
        {user.clients.map((client) => (
          <li key={client.id}>
            {client.landingURL ? (
              <a href={client.landingURL} rel="noreferrer">
                {client.name}
              </a>
            ) : (
              <span>{client.name}</span>
            )}
            {!client.landingURL && <span className="field-hint">{M.noLandingPage}</span>}
          </li>
        ))}
      </ul>
    </>
  );
}
