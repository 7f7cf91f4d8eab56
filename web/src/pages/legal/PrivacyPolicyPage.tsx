import { privacyPolicy } from '@gatehouse/common/legal-texts';
import { ROUTES } from '@gatehouse/common/routes';

import { useAppSession } from '../../app/app-session.ts';
import { LegalPage } from './LegalPage.tsx';

/** /privacypolicy: ours (cookies at #cookies), or the organisation's custom privacy policy. */
export function PrivacyPolicyPage() {
  const { org } = useAppSession();
  return <LegalPage title={ROUTES.privacyPolicy.title} customUrl={org.customPrivacyPolicyURL} document={privacyPolicy} />;
}
