import { describe, expect, it } from 'vitest';

import { guardRoute, type GuardUser, matchRoute, type RouteName, routePath, ROUTES } from './routes.ts';

const user = (role: GuardUser['role'], extra: Partial<GuardUser> = {}): GuardUser => ({
  role,
  requiresNewPassword: false,
  requiresTwoStep: false,
  ...extra,
});
const admin = user('OrganisationAdministrator');
const userAdmin = user('UserAdministrator');
const endUser = user('EndUser');

describe('route table', () => {
  it('matches literal segments before parameters', () => {
    expect(matchRoute('/users/add')?.name).toBe('addUser');
    expect(matchRoute('/users/123')).toMatchObject({ name: 'user', params: { id: '123' } });
    expect(matchRoute('/applications/add')?.name).toBe('addApplication');
    expect(matchRoute('/applications/abc')).toMatchObject({ name: 'application', params: { id: 'abc' } });
    // Regression: parameters kept their case lowered, so mixed-case application ids were not found.
    expect(matchRoute('/Applications/k-78BzVvEn')).toMatchObject({ name: 'application', params: { id: 'k-78BzVvEn' } });
  });

  it('matches /help by prefix and ignores query strings and trailing slashes', () => {
    expect(matchRoute('/help')?.name).toBe('help');
    expect(matchRoute('/help/faq/mfa')?.name).toBe('help');
    expect(matchRoute('/dashboard/')?.name).toBe('dashboard');
    expect(matchRoute('/dashboard?x=1')?.name).toBe('dashboard');
  });

  it('knows no other path', () => {
    expect(matchRoute('/nope')).toBeNull();
    expect(matchRoute('/users/1/2')).toBeNull();
    expect(guardRoute('/nope', admin, false)).toEqual({ kind: 'notFound' });
  });
});

describe('routePath', () => {
  it('fills and encodes parameters, and the route matches its own path back', () => {
    expect(routePath('user', { id: 'a b/c' })).toBe('/users/a%20b%2Fc');
    expect(matchRoute(routePath('application', { id: 'Mixed/Case' }))).toMatchObject({ name: 'application', params: { id: 'Mixed/Case' } });
    expect(routePath('help')).toBe('/help');
    expect(routePath('home')).toBe('/');
    for (const name of Object.keys(ROUTES) as RouteName[]) {
      expect(matchRoute(routePath(name, { id: 'x', section: 'x' }))?.name).toBe(name);
    }
  });

  it('refuses to make a path without its parameter', () => {
    expect(() => routePath('application')).toThrow('The route application needs the parameter id');
  });
});

describe('guard rules', () => {
  it('sends signed-out visitors of signed-in routes to / with the referrer', () => {
    expect(guardRoute('/dashboard', null, false)).toEqual({ kind: 'redirect', to: '/', referrer: '/dashboard' });
    expect(guardRoute('/users/7', null, false)).toEqual({ kind: 'redirect', to: '/', referrer: '/users/7' });
  });

  it('sends anyone on the base organisation away from signed-in routes', () => {
    expect(guardRoute('/dashboard', admin, true)).toMatchObject({ kind: 'redirect', to: '/' });
    expect(guardRoute('/account', endUser, true)).toMatchObject({ kind: 'redirect', to: '/' });
  });

  it('sends a role outside the allowed list to /', () => {
    expect(guardRoute('/organisation', userAdmin, false)).toEqual({ kind: 'redirect', to: '/' });
    expect(guardRoute('/applications', endUser, false)).toEqual({ kind: 'redirect', to: '/' });
    expect(guardRoute('/users', endUser, false)).toEqual({ kind: 'redirect', to: '/' });
    expect(guardRoute('/users', userAdmin, false)).toMatchObject({ kind: 'allow', name: 'users' });
    expect(guardRoute('/applications/add', admin, false)).toMatchObject({ kind: 'allow', name: 'addApplication' });
  });

  it('lets every signed-in role reach the dashboard and the account pages', () => {
    for (const u of [admin, userAdmin, endUser]) {
      for (const path of [
        '/dashboard',
        '/account',
        '/updatepassword',
        '/twostep',
        '/redirecting',
        '/applicationpolicy',
        '/emailverificationrequired',
      ]) {
        expect(guardRoute(path, u, false).kind).toBe('allow');
      }
    }
  });

  it('forces /passwordexpired when a new password is required, except on the two forcing pages', () => {
    const u = user('EndUser', { requiresNewPassword: true });
    expect(guardRoute('/dashboard', u, false)).toEqual({ kind: 'redirect', to: '/passwordexpired' });
    expect(guardRoute('/passwordexpired', u, false).kind).toBe('allow');
    expect(guardRoute('/twostep', u, false).kind).toBe('allow');
  });

  it('forces /twostep when two-step is required, except on the two forcing pages', () => {
    const u = user('OrganisationAdministrator', { requiresTwoStep: true });
    expect(guardRoute('/users', u, false)).toEqual({ kind: 'redirect', to: '/twostep' });
    expect(guardRoute('/twostep', u, false).kind).toBe('allow');
    expect(guardRoute('/passwordexpired', u, false).kind).toBe('allow');
  });

  it('asks for the new password before two-step when both are required', () => {
    const u = user('EndUser', { requiresNewPassword: true, requiresTwoStep: true });
    expect(guardRoute('/account', u, false)).toEqual({ kind: 'redirect', to: '/passwordexpired' });
  });

  it('bounces signed-in users from the guest pages to /', () => {
    for (const path of ['/signup', '/recovery', '/recoverycode', '/completesignup']) {
      expect(guardRoute(path, endUser, false)).toEqual({ kind: 'redirect', to: '/' });
      expect(guardRoute(path, null, false).kind).toBe('allow');
    }
  });

  it('lets anyone reach the public pages, signed in or not, on any organisation', () => {
    for (const path of [
      '/',
      '/verifyemail',
      '/getstarted',
      '/demo',
      '/signuporganisation',
      '/help',
      '/privacypolicy',
      '/termsandconditions',
    ]) {
      expect(guardRoute(path, null, false).kind).toBe('allow');
      expect(guardRoute(path, endUser, false).kind).toBe('allow');
      expect(guardRoute(path, null, true).kind).toBe('allow');
    }
  });

  it('does not force password or two-step on public pages', () => {
    const u = user('EndUser', { requiresNewPassword: true, requiresTwoStep: true });
    expect(guardRoute('/help', u, false).kind).toBe('allow');
  });
});
