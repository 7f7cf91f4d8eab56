import { type DeploymentFacts, type LegalDocument, PUBLIC_PAGE_MESSAGES } from '@gatehouse/common/legal-texts';
import { MESSAGES } from '@gatehouse/common/messages';
import type { ReactNode } from 'react';

import { useServiceInfo } from '../../api/public-queries.ts';
import { useAppSession } from '../../app/app-session.ts';
import { Alert } from '../../components/Alert.tsx';
import { Loader } from '../../components/Loader.tsx';
import { LegalDocumentView } from '../../features/public-pages/LegalDocumentView.tsx';
import { useCustomPageRedirect } from '../../features/public-pages/use-custom-page.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

interface LegalPageProps {
  title: string;
  /** The organisation's own page, which replaces ours when set. */
  customUrl: string | null;
  document: (facts: DeploymentFacts) => LegalDocument;
  children?: ReactNode;
}

/** The privacy policy or the terms: the organisation's own page when it has one, else ours with the deployment's facts. */
export function LegalPage({ title, customUrl, document, children }: LegalPageProps) {
  const { org } = useAppSession();
  usePageTitle(title);
  const leaving = useCustomPageRedirect(customUrl);
  const info = useServiceInfo();
  if (leaving) return <Loader label={PUBLIC_PAGE_MESSAGES.redirecting} />;
  if (info.isPending) return <Loader />;
  if (info.isError) return <Alert kind="error">{MESSAGES.genericError}</Alert>;
  return <LegalDocumentView document={document({ ...info.data, baseHostname: org.baseHostname })}>{children}</LegalDocumentView>;
}
