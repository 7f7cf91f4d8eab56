/**
 * The SPA route table of spec section 2 and its guard rules (the API's endpoints are declared in api/).
 * Pure data and functions: the SPA's router and the server's HTML fallback both read it.
 */
import type { Role } from './policy.ts';
import { accountFacts, pendingStep, STEP_PAGES, type StepRoute } from './sign-in-steps.ts';

export type RouteAccess =
  /** Anyone, signed in or not. */
  | { kind: 'public' }
  /** Signed-out visitors only; signed-in users are sent to /. */
  | { kind: 'guest' }
  /** Signed-in users of a non-base organisation, optionally limited to some roles. */
  | { kind: 'signedIn'; roles?: readonly Role[] };

export interface RouteDef {
  /** A path pattern: `:name` matches one segment; a trailing `*` matches the rest (prefix match). */
  path: string;
  access: RouteAccess;
  /** The page title shown in the document title as "title - organisation name". */
  title: string;
}

const PUBLIC = { kind: 'public' } as const;
const GUEST = { kind: 'guest' } as const;
const SIGNED_IN = { kind: 'signedIn' } as const;
const ORG_ADMIN = { kind: 'signedIn', roles: ['OrganisationAdministrator'] } as const;
const USER_ADMINS = { kind: 'signedIn', roles: ['OrganisationAdministrator', 'UserAdministrator'] } as const;
const DASHBOARD_ROLES = {
  kind: 'signedIn',
  roles: ['OrganisationAdministrator', 'UserAdministrator', 'EndUser'],
} as const;

export const ROUTES = {
  home: { path: '/', access: PUBLIC, title: 'Sign in' },
  signup: { path: '/signup', access: GUEST, title: 'Sign up' },
  recovery: { path: '/recovery', access: GUEST, title: 'Account recovery' },
  recoveryCode: { path: '/recoverycode', access: GUEST, title: 'Account recovery' },
  completeSignup: { path: '/completesignup', access: GUEST, title: 'Complete sign up' },
  verifyEmail: { path: '/verifyemail', access: PUBLIC, title: 'Verify email' },
  /** A new-browser notice's "This wasn't me" link. */
  notMe: { path: '/notme', access: PUBLIC, title: 'Secure your account' },
  getStarted: { path: '/getstarted', access: PUBLIC, title: 'Get started' },
  demo: { path: '/demo', access: PUBLIC, title: 'Demo' },
  signupOrganisation: { path: '/signuporganisation', access: PUBLIC, title: 'Sign up your organisation' },
  dashboard: { path: '/dashboard', access: DASHBOARD_ROLES, title: 'Dashboard' },
  updatePassword: { path: '/updatepassword', access: SIGNED_IN, title: 'Change password' },
  passwordExpired: { path: '/passwordexpired', access: SIGNED_IN, title: 'Password expired' },
  account: { path: '/account', access: SIGNED_IN, title: 'Profile' },
  twoStep: { path: '/twostep', access: SIGNED_IN, title: 'Multi-factor authentication' },
  redirecting: { path: '/redirecting', access: SIGNED_IN, title: 'Redirecting' },
  applicationPolicy: { path: '/applicationpolicy', access: SIGNED_IN, title: 'Application policy' },
  emailVerificationRequired: {
    path: '/emailverificationrequired',
    access: SIGNED_IN,
    title: 'Email verification required',
  },
  organisation: { path: '/organisation', access: ORG_ADMIN, title: 'Manage your organisation' },
  applications: { path: '/applications', access: ORG_ADMIN, title: 'Applications' },
  addApplication: { path: '/applications/add', access: ORG_ADMIN, title: 'Add an application' },
  application: { path: '/applications/:id', access: ORG_ADMIN, title: 'Application' },
  addSamlApplication: { path: '/applications/add/saml', access: ORG_ADMIN, title: 'Add a SAML application' },
  samlApplication: { path: '/applications/saml/:id', access: ORG_ADMIN, title: 'SAML application' },
  apis: { path: '/apis', access: ORG_ADMIN, title: 'APIs' },
  api: { path: '/apis/:id', access: ORG_ADMIN, title: 'API' },
  audit: { path: '/audit', access: ORG_ADMIN, title: 'Audit log' },
  webhooks: { path: '/webhooks', access: ORG_ADMIN, title: 'Webhooks' },
  connections: { path: '/connections', access: ORG_ADMIN, title: 'Sign-in connections' },
  users: { path: '/users', access: USER_ADMINS, title: 'Users' },
  addUser: { path: '/users/add', access: USER_ADMINS, title: 'Add a user' },
  /** The import API is the Organisation Admin's: imported people may bring any status and their passwords. */
  importUsers: { path: '/users/import', access: ORG_ADMIN, title: 'Import people' },
  user: { path: '/users/:id', access: USER_ADMINS, title: 'Edit user' },
  groups: { path: '/groups', access: ORG_ADMIN, title: 'Groups' },
  group: { path: '/groups/:id', access: ORG_ADMIN, title: 'Group' },
  help: { path: '/help/*', access: PUBLIC, title: 'Help' },
  /** The API reference for developers, generated from /api/openapi.json. */
  apiReference: { path: '/developers/api', access: PUBLIC, title: 'API reference' },
  /** One section (tag) of the API reference. */
  apiReferenceSection: { path: '/developers/api/:section', access: PUBLIC, title: 'API reference' },
  privacyPolicy: { path: '/privacypolicy', access: PUBLIC, title: 'Privacy policy' },
  termsAndConditions: { path: '/termsandconditions', access: PUBLIC, title: 'Terms and conditions of use' },
  // Every page a sign-in step is walked on is a route here (sign-in-steps.ts names them without importing this file).
} as const satisfies Record<string, RouteDef> & Record<StepRoute, RouteDef>;

export type RouteName = keyof typeof ROUTES;

const ROUTE_LIST = Object.entries(ROUTES) as [RouteName, RouteDef][];

/** Finds the route a pathname belongs to; literal segments win over `:params` (so /users/add is not /users/:id). */
export function matchRoute(pathname: string): { name: RouteName; route: RouteDef; params: Record<string, string> } | null {
  const segments = splitPath(pathname);
  let best: { name: RouteName; route: RouteDef; params: Record<string, string>; score: number } | null = null;
  for (const [name, route] of ROUTE_LIST) {
    const result = matchPattern(route.path, segments);
    if (result && (!best || result.score > best.score)) best = { name, route, params: result.params, score: result.score };
  }
  return best && { name: best.name, route: best.route, params: best.params };
}

function splitPath(pathname: string): string[] {
  return pathname
    .split('?')[0]!
    .split('/')
    .filter((s) => s !== '');
}

function matchPattern(pattern: string, segments: string[]): { params: Record<string, string>; score: number } | null {
  const parts = splitPath(pattern);
  const prefix = parts.at(-1) === '*';
  if (prefix) parts.pop();
  if (prefix ? segments.length < parts.length : segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  let score = 0;
  for (const [i, part] of parts.entries()) {
    const segment = segments[i]!;
    // Literal segments match in any case; parameters keep theirs (ids can be case-sensitive).
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(segment);
    else if (part === segment.toLowerCase()) score += 2;
    else return null;
  }
  return { params, score: prefix ? score : score + 1 };
}

/**
 * The path of a route, for links: its `:params` filled in (encoded) and a trailing `/*` dropped, so a
 * renamed route is a type error rather than a dead link.
 */
export function routePath(name: RouteName, params: Record<string, string> = {}): string {
  const path = ROUTES[name].path.replace(/\/\*$/, '') || '/';
  return path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`The route ${name} needs the parameter ${key}`);
    return encodeURIComponent(value);
  });
}

/**
 * A form of a page posted before its script ran (the browser's own submit, to the page's own address) is
 * answered with a redirect to the page with this parameter; the sign-in page then asks to sign in again.
 */
export const NOT_SENT_PARAMETER = 'notsent';

/** What the guard needs to know of the signed-in user. */
export interface GuardUser {
  role: Role;
  requiresNewPassword: boolean;
  requiresTwoStep: boolean;
}

export type GuardDecision =
  { kind: 'allow'; name: RouteName; route: RouteDef } | { kind: 'redirect'; to: string; referrer?: string } | { kind: 'notFound' };

/**
 * The guard rules of spec section 2, applied in order: unknown path; signed-out (or base organisation)
 * visitors of signed-in routes go to / with the referrer; a role outside the route's list goes to /;
 * then the first pending account step of the sign-in step list (sign-in-steps.ts: a required new
 * password to /passwordexpired, then required two-step to /twostep), except on the pages of those
 * steps; signed-in users are bounced from the guest pages to /.
 */
export function guardRoute(location: string, user: GuardUser | null, isBase: boolean): GuardDecision {
  const matched = matchRoute(location);
  if (!matched) return { kind: 'notFound' };
  const { name, route } = matched;
  const access: RouteAccess = route.access;
  const signedIn = user !== null && !isBase;

  if (access.kind === 'guest') {
    return user ? { kind: 'redirect', to: ROUTES.home.path } : { kind: 'allow', name, route };
  }
  if (access.kind === 'public') return { kind: 'allow', name, route };

  if (!signedIn) return { kind: 'redirect', to: ROUTES.home.path, referrer: location };
  if (access.roles && !access.roles.includes(user.role)) return { kind: 'redirect', to: ROUTES.home.path };
  const step = STEP_PAGES.has(name) ? null : pendingStep(accountFacts(user), { stages: ['account'] });
  if (step) return { kind: 'redirect', to: ROUTES[step.route].path };
  return { kind: 'allow', name, route };
}

/** Per-user actions of user administration: POST /api/users/{id}/{action}, empty body. */
export const USER_ACTIONS = ['resendverification', 'enable', 'disable', 'clearlockout', 'resetpassword', 'resettwostep'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];
