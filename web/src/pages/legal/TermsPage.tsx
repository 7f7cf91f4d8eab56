import { termsAndConditions } from '@gatehouse/common/legal-texts';
import { MESSAGES } from '@gatehouse/common/messages';
import { ROUTES } from '@gatehouse/common/routes';
import { Link } from 'react-router';

import { useAppSession } from '../../app/app-session.ts';
import { LegalPage } from './LegalPage.tsx';

/** /termsandconditions: 'Terms and conditions of use', or the organisation's custom terms. */
export function TermsPage() {
  const { org } = useAppSession();
  return (
    <LegalPage title={ROUTES.termsAndConditions.title} customUrl={org.customTermsConditionsURL} document={termsAndConditions}>
      <p>
        <Link to={ROUTES.privacyPolicy.path}>{MESSAGES.privacyPolicy}</Link>
      </p>
    </LegalPage>
  );
}
