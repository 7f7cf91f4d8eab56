/**
 * Which page renders each route of the route table. A route without a page here is not built yet and
 * shows the not-found page; nothing pretends to be a page it is not.
 */
import type { ComponentType } from 'react';
import type { RouteName } from '@gatehouse/common/routes';
import { ApplicationPolicyPage } from '../pages/application-policy/ApplicationPolicyPage.tsx';
import { AddApplicationPage } from '../pages/applications/AddApplicationPage.tsx';
import { ApplicationPage } from '../pages/applications/ApplicationPage.tsx';
import { ApplicationsPage } from '../pages/applications/ApplicationsPage.tsx';
import { DashboardPage } from '../pages/dashboard/DashboardPage.tsx';
import { RedirectingPage } from '../pages/redirecting/RedirectingPage.tsx';
import { SignInPage } from '../pages/sign-in/SignInPage.tsx';

export const PAGES: Partial<Record<RouteName, ComponentType>> = {
  home: SignInPage,
  dashboard: DashboardPage,
  applications: ApplicationsPage,
  addApplication: AddApplicationPage,
  application: ApplicationPage,
  redirecting: RedirectingPage,
  applicationPolicy: ApplicationPolicyPage,
};
