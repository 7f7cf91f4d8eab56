import { MESSAGES } from '@gatehouse/common/messages';
import { routePath, ROUTES } from '@gatehouse/common/routes';
import { Link } from 'react-router';

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
