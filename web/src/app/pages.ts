/**
 * Which page renders each route of the route table. A route without a page here is not built yet and
 * shows the not-found page; nothing pretends to be a page it is not.
 */
import type { ComponentType } from 'react';
import type { RouteName } from '@gatehouse/common/routes';
import { AccountPage } from '../pages/account/AccountPage.tsx';
import { CompleteSignUpPage } from '../pages/complete-sign-up/CompleteSignUpPage.tsx';
import { DashboardPage } from '../pages/dashboard/DashboardPage.tsx';
import { LazyOrganisationPage } from '../pages/organisation/LazyOrganisationPage.tsx';
import { EmailVerificationRequiredPage } from '../pages/email-verification-required/EmailVerificationRequiredPage.tsx';
import { PasswordExpiredPage } from '../pages/passwords/PasswordExpiredPage.tsx';
import { UpdatePasswordPage } from '../pages/passwords/UpdatePasswordPage.tsx';
import { RecoveryCodePage } from '../pages/recovery/RecoveryCodePage.tsx';
import { RecoveryPage } from '../pages/recovery/RecoveryPage.tsx';
import { ApplicationPolicyPage } from '../pages/application-policy/ApplicationPolicyPage.tsx';
import { AddApplicationPage } from '../pages/applications/AddApplicationPage.tsx';
import { ApplicationPage } from '../pages/applications/ApplicationPage.tsx';
import { ApplicationsPage } from '../pages/applications/ApplicationsPage.tsx';
import { RedirectingPage } from '../pages/redirecting/RedirectingPage.tsx';
import { SignInPage } from '../pages/sign-in/SignInPage.tsx';
import { SignUpPage } from '../pages/sign-up/SignUpPage.tsx';
import { TwoStepPage } from '../pages/two-step/TwoStepPage.tsx';
import { VerifyEmailPage } from '../pages/verify-email/VerifyEmailPage.tsx';
import { AddUserPage } from '../pages/users/AddUserPage.tsx';
import { UserPage } from '../pages/users/UserPage.tsx';
import { UsersPage } from '../pages/users/UsersPage.tsx';
import { lazyPage } from './lazy-page.tsx';

// The front door's sign-up pages, help and policies load on demand, each in its own chunk.
const GetStartedPage = lazyPage(async () => (await import('../pages/get-started/GetStartedPage.tsx')).GetStartedPage);
const SignUpOrganisationPage = lazyPage(
  async () => (await import('../pages/signup-organisation/SignUpOrganisationPage.tsx')).SignUpOrganisationPage,
);
const DemoPage = lazyPage(async () => (await import('../pages/demo/DemoPage.tsx')).DemoPage);
const HelpPage = lazyPage(async () => (await import('../pages/help/HelpPage.tsx')).HelpPage);
const PrivacyPolicyPage = lazyPage(async () => (await import('../pages/legal/PrivacyPolicyPage.tsx')).PrivacyPolicyPage);
const ApiReferencePage = lazyPage(async () => (await import('../pages/developers/ApiReferencePage.tsx')).ApiReferencePage);
const AuditLogPage = lazyPage(async () => (await import('../pages/audit/AuditLogPage.tsx')).AuditLogPage);
const WebhooksPage = lazyPage(async () => (await import('../pages/webhooks/WebhooksPage.tsx')).WebhooksPage);
const ApisPage = lazyPage(async () => (await import('../pages/apis/ApisPage.tsx')).ApisPage);
const ApiPage = lazyPage(async () => (await import('../pages/apis/ApiPage.tsx')).ApiPage);
const TermsPage = lazyPage(async () => (await import('../pages/legal/TermsPage.tsx')).TermsPage);

export const PAGES: Partial<Record<RouteName, ComponentType>> = {
  home: SignInPage,
  dashboard: DashboardPage,
  organisation: LazyOrganisationPage,
  signup: SignUpPage,
  completeSignup: CompleteSignUpPage,
  verifyEmail: VerifyEmailPage,
  recovery: RecoveryPage,
  recoveryCode: RecoveryCodePage,
  updatePassword: UpdatePasswordPage,
  passwordExpired: PasswordExpiredPage,
  account: AccountPage,
  emailVerificationRequired: EmailVerificationRequiredPage,
  applications: ApplicationsPage,
  addApplication: AddApplicationPage,
  application: ApplicationPage,
  users: UsersPage,
  addUser: AddUserPage,
  user: UserPage,
  redirecting: RedirectingPage,
  applicationPolicy: ApplicationPolicyPage,
  getStarted: GetStartedPage,
  signupOrganisation: SignUpOrganisationPage,
  demo: DemoPage,
  help: HelpPage,
  apiReference: ApiReferencePage,
  audit: AuditLogPage,
  webhooks: WebhooksPage,
  apis: ApisPage,
  api: ApiPage,
  privacyPolicy: PrivacyPolicyPage,
  termsAndConditions: TermsPage,
  twoStep: TwoStepPage,
};
