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
  redirecting: RedirectingPage,
  applicationPolicy: ApplicationPolicyPage,
  twoStep: TwoStepPage,
};
