import { Link } from 'react-router';
import { MESSAGES } from '@gatehouse/common/messages';
import { ROUTES, routePath } from '@gatehouse/common/routes';

/** Shown while nobody is signed in. */
export function Footer() {
  return (
    <footer className="footer">
      <nav aria-label="Footer">
        <Link to={ROUTES.privacyPolicy.path}>{MESSAGES.privacyPolicy}</Link>
        <Link to={ROUTES.termsAndConditions.path}>{MESSAGES.termsOfUse}</Link>
        <Link to={routePath('help')}>{MESSAGES.getHelp}</Link>
      </nav>
    </footer>
  );
}
