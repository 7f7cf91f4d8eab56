/**
 * Which page renders each route of the route table. A route without a page here is not built yet and
 * shows the not-found page; nothing pretends to be a page it is not.
 */
import type { RouteName } from '@gatehouse/common/routes';
import type { ComponentType } from 'react';

import { SignInPage } from '../pages/sign-in/SignInPage.tsx';
import { lazyPage } from './lazy-page.tsx';

// Only the sign-in page (`/`, what a signed-out visitor opens first) is in the first load; every other page
// loads when it is first shown, in its own chunk (the first load's JavaScript budget).
const AccountPage = lazyPage(async () => (await import('../pages/account/AccountPage.tsx')).AccountPage);
const CompleteSignUpPage = lazyPage(async () => (await import('../pages/complete-sign-up/CompleteSignUpPage.tsx')).CompleteSignUpPage);
const DashboardPage = lazyPage(async () => (await import('../pages/dashboard/DashboardPage.tsx')).DashboardPage);
const OrganisationPage = lazyPage(async () => (await import('../pages/organisation/OrganisationPage.tsx')).OrganisationPage);
const EmailVerificationRequiredPage = lazyPage(
  async () => (await import('../pages/email-verification-required/EmailVerificationRequiredPage.tsx')).EmailVerificationRequiredPage,
);
const PasswordExpiredPage = lazyPage(async () => (await import('../pages/passwords/PasswordExpiredPage.tsx')).PasswordExpiredPage);
const UpdatePasswordPage = lazyPage(async () => (await import('../pages/passwords/UpdatePasswordPage.tsx')).UpdatePasswordPage);
const RecoveryCodePage = lazyPage(async () => (await import('../pages/recovery/RecoveryCodePage.tsx')).RecoveryCodePage);
const RecoveryPage = lazyPage(async () => (await import('../pages/recovery/RecoveryPage.tsx')).RecoveryPage);
const ApplicationPolicyPage = lazyPage(
  async () => (await import('../pages/application-policy/ApplicationPolicyPage.tsx')).ApplicationPolicyPage,
);
const AddApplicationPage = lazyPage(async () => (await import('../pages/applications/AddApplicationPage.tsx')).AddApplicationPage);
const ApplicationPage = lazyPage(async () => (await import('../pages/applications/ApplicationPage.tsx')).ApplicationPage);
const AddSamlApplicationPage = lazyPage(
  async () => (await import('../pages/applications/AddSamlApplicationPage.tsx')).AddSamlApplicationPage,
);
const SamlApplicationPage = lazyPage(async () => (await import('../pages/applications/SamlApplicationPage.tsx')).SamlApplicationPage);
const GroupsPage = lazyPage(async () => (await import('../pages/groups/GroupsPage.tsx')).GroupsPage);
const GroupPage = lazyPage(async () => (await import('../pages/groups/GroupPage.tsx')).GroupPage);
const ApplicationsPage = lazyPage(async () => (await import('../pages/applications/ApplicationsPage.tsx')).ApplicationsPage);
const RedirectingPage = lazyPage(async () => (await import('../pages/redirecting/RedirectingPage.tsx')).RedirectingPage);
const SignUpPage = lazyPage(async () => (await import('../pages/sign-up/SignUpPage.tsx')).SignUpPage);
const TwoStepPage = lazyPage(async () => (await import('../pages/two-step/TwoStepPage.tsx')).TwoStepPage);
const VerifyEmailPage = lazyPage(async () => (await import('../pages/verify-email/VerifyEmailPage.tsx')).VerifyEmailPage);
const NotMePage = lazyPage(async () => (await import('../pages/not-me/NotMePage.tsx')).NotMePage);
const AddUserPage = lazyPage(async () => (await import('../pages/users/AddUserPage.tsx')).AddUserPage);
const ImportPeoplePage = lazyPage(async () => (await import('../pages/users/ImportPeoplePage.tsx')).ImportPeoplePage);
const UserPage = lazyPage(async () => (await import('../pages/users/UserPage.tsx')).UserPage);
const UsersPage = lazyPage(async () => (await import('../pages/users/UsersPage.tsx')).UsersPage);
const GetStartedPage = lazyPage(async () => (await import('../pages/get-started/GetStartedPage.tsx')).GetStartedPage);
const SignUpOrganisationPage = lazyPage(
  async () => (await import('../pages/signup-organisation/SignUpOrganisationPage.tsx')).SignUpOrganisationPage,
);
const DemoPage = lazyPage(async () => (await import('../pages/demo/DemoPage.tsx')).DemoPage);
const HelpPage = lazyPage(async () => (await import('../pages/help/HelpPage.tsx')).HelpPage);
const PrivacyPolicyPage = lazyPage(async () => (await import('../pages/legal/PrivacyPolicyPage.tsx')).PrivacyPolicyPage);
const ApiReferencePage = lazyPage(async () => (await import('../pages/developers/ApiReferencePage.tsx')).ApiReferencePage);
const ApiReferenceSectionPage = lazyPage(async () => (await import('../pages/developers/ApiReferencePage.tsx')).ApiReferenceSectionPage);
const AuditLogPage = lazyPage(async () => (await import('../pages/audit/AuditLogPage.tsx')).AuditLogPage);
const WebhooksPage = lazyPage(async () => (await import('../pages/webhooks/WebhooksPage.tsx')).WebhooksPage);
const ConnectionsPage = lazyPage(async () => (await import('../pages/connections/ConnectionsPage.tsx')).ConnectionsPage);
const ApisPage = lazyPage(async () => (await import('../pages/apis/ApisPage.tsx')).ApisPage);
const ApiPage = lazyPage(async () => (await import('../pages/apis/ApiPage.tsx')).ApiPage);
const TermsPage = lazyPage(async () => (await import('../pages/legal/TermsPage.tsx')).TermsPage);

export const PAGES: Partial<Record<RouteName, ComponentType>> = {
  home: SignInPage,
  dashboard: DashboardPage,
  organisation: OrganisationPage,
  signup: SignUpPage,
  completeSignup: CompleteSignUpPage,
  verifyEmail: VerifyEmailPage,
  notMe: NotMePage,
  recovery: RecoveryPage,
  recoveryCode: RecoveryCodePage,
  updatePassword: UpdatePasswordPage,
  passwordExpired: PasswordExpiredPage,
  account: AccountPage,
  emailVerificationRequired: EmailVerificationRequiredPage,
  applications: ApplicationsPage,
  addApplication: AddApplicationPage,
  application: ApplicationPage,
  addSamlApplication: AddSamlApplicationPage,
  samlApplication: SamlApplicationPage,
  users: UsersPage,
  addUser: AddUserPage,
  importUsers: ImportPeoplePage,
  user: UserPage,
  groups: GroupsPage,
  group: GroupPage,
  redirecting: RedirectingPage,
  applicationPolicy: ApplicationPolicyPage,
  getStarted: GetStartedPage,
  signupOrganisation: SignUpOrganisationPage,
  demo: DemoPage,
  help: HelpPage,
  apiReference: ApiReferencePage,
  apiReferenceSection: ApiReferenceSectionPage,
  audit: AuditLogPage,
  webhooks: WebhooksPage,
  connections: ConnectionsPage,
  apis: ApisPage,
  api: ApiPage,
  privacyPolicy: PrivacyPolicyPage,
  termsAndConditions: TermsPage,
  twoStep: TwoStepPage,
};
