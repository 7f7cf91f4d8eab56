import { Link } from 'react-router';
import { MESSAGES } from '@gatehouse/common/messages';
import { ROUTES } from '@gatehouse/common/routes';
import { usePageTitle } from '../../layout/use-page-title.ts';

export function NotFoundPage() {
  usePageTitle(MESSAGES.notFoundTitle);
  return (
    <div className="message-page">
      <h1>{MESSAGES.notFoundTitle}</h1>
      <p>{MESSAGES.notFoundText}</p>
      <Link to={ROUTES.home.path}>{MESSAGES.backToHome}</Link>
    </div>
  );
}
