import { Link } from 'react-router';
import { MESSAGES } from '@gatehouse/common/messages';

/** Shown while nobody is signed in. */
export function Footer() {
  return (
    <footer className="footer">
      <nav aria-label="Footer">
        <Link to="/privacypolicy">{MESSAGES.privacyPolicy}</Link>
        <Link to="/termsandconditions">{MESSAGES.termsOfUse}</Link>
        <Link to="/help">{MESSAGES.getHelp}</Link>
      </nav>
    </footer>
  );
}
