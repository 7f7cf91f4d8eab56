import { MESSAGES } from '@gatehouse/common/messages';
import { ROUTES } from '@gatehouse/common/routes';
import { Link } from 'react-router';

import { usePageTitle } from '../../layout/use-page-title.ts';

/** The base host's home page: an organisation is the first label of its host name (acme.example.com → example.com). */
function baseHome(): string {
  const { protocol, hostname, port } = window.location;
  const base = hostname.split('.').slice(1).join('.') || hostname;
  return `${protocol}//${base}${port ? `:${port}` : ''}${ROUTES.home.path}`;
}

/**
 * The not-found page. For a host that names no organisation, "Back to home" leads to the base host,
 * not to the same unknown host's home (which is this page again).
 */
export function NotFoundPage({ unknownOrganisation = false }: { unknownOrganisation?: boolean }) {
  usePageTitle(MESSAGES.notFoundTitle);
  return (
    <div className="message-page">
      <h1>{MESSAGES.notFoundTitle}</h1>
      <p>{MESSAGES.notFoundText}</p>
      {unknownOrganisation ? <a href={baseHome()}>{MESSAGES.backToHome}</a> : <Link to={ROUTES.home.path}>{MESSAGES.backToHome}</Link>}
    </div>
  );
}
