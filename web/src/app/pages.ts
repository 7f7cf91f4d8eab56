/**
 * Which page renders each route of the route table. A route without a page here is not built yet and
 * shows the not-found page; nothing pretends to be a page it is not.
 */
import type { ComponentType } from 'react';
import type { RouteName } from '@gatehouse/common/routes';
import { DashboardPage } from '../pages/dashboard/DashboardPage.tsx';
import { LazyOrganisationPage } from '../pages/organisation/LazyOrganisationPage.tsx';
import { SignInPage } from '../pages/sign-in/SignInPage.tsx';

export const PAGES: Partial<Record<RouteName, ComponentType>> = {
  home: SignInPage,
  dashboard: DashboardPage,
  organisation: LazyOrganisationPage,
};
