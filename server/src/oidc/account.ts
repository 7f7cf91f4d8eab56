/**
 * The provider's account lookup: a user of this organisation whose status is SignedUp and who may use
 * the client the token or request is for. Anyone else is no account, so their codes, refresh tokens
 * and access tokens stop working the moment they are disabled, locked, made inactive or lose access.
 */
import { DEFAULT_GROUPS_CLAIM, GROUPS_IN_ID_TOKEN_MAX, GROUPS_SCOPE } from '@gatehouse/common/groups';
import { DEFAULT_ROLES_CLAIM, ROLES_SCOPE } from '@gatehouse/common/roles';
import type { Account, AccountClaims, FindAccount } from 'oidc-provider';

import { accountFor, type AccountUser, userForClient } from '../applications/service.ts';
import type { AppContext } from '../context.ts';
import { boundOrganisation, type ScopedExecutor } from '../db/scoped.ts';
import { groupNamesOf } from '../groups/store.ts';
import { roleNamesOf } from '../roles/store.ts';
import { sessionHasMfa } from '../sessions/amr.ts';
import { foundAccount } from './adapter.ts';

/** The standard claims of the scopes profile, email and phone, from the user record. */
export function standardClaims(user: AccountUser): AccountClaims {
  const name = [user.first_name, user.surname].filter(Boolean).join(' ');
  return {
    sub: user.id,
    email: user.email,
    email_verified: user.email_verified_date !== null,
    ...(name ? { name } : {}),
    ...(user.first_name ? { given_name: user.first_name } : {}),
    ...(user.surname ? { family_name: user.surname } : {}),
    ...(user.phone_number ? { phone_number: user.phone_number, phone_number_verified: false } : {}),
    // The person's own language (OIDC Core 5.1), when they chose one.
    ...(user.locale ? { locale: user.locale } : {}),
    updated_at: Math.floor(user.updated_at / 1000),
  };
}

/**
 * Whether what a code or refresh token proved (its amr) falls short of the second step the user now
 * needs: the user set one up, or the organisation or an administrator requires one, after the grant
 * was made with a password alone. Such a grant yields nothing more. Access
 * tokens carry no amr; a user who must still set a step up gets nothing with them either.
 */
export function missesSecondStep(user: AccountUser, amr: readonly string[] | undefined): boolean {
  const required = user.organisation_requires_two_step || user.multi_factor_auth_required;
  if (amr === undefined) return required && !user.has_second_factor;
  return (required || user.has_second_factor) && !sessionHasMfa(amr);
}

/** What an application chose for its groups and roles claims (provider.ts clientMetadata). */
interface GroupsChoice {
  gatehouse_groups_claim?: string;
  gatehouse_groups_always?: boolean;
  gatehouse_roles_claim?: string;
  gatehouse_roles_always?: boolean;
}

/**
 * The roles claim of one application: the names of the person's roles (directly or through a group),
 * as a flat array under the application's claim name, if it asked for the roles scope or gets roles
 * without asking. An organisation has at most ROLE_LIMITS.rolesMax roles, so no overage is needed.
 */
function rolesClaims(
  store: ScopedExecutor,
  userId: string,
  client: GroupsChoice | undefined,
): (scope: string) => Promise<Omit<AccountClaims, 'sub'>> {
  return async (scope) => {
    if (!client || !(client.gatehouse_roles_always || scope.split(' ').includes(ROLES_SCOPE))) return {};
    const name = client.gatehouse_roles_claim ?? DEFAULT_ROLES_CLAIM;
    // An application that named its groups claim `roles` before roles existed reads groups there.
    if (name === (client.gatehouse_groups_claim ?? DEFAULT_GROUPS_CLAIM)) return {};
    return { [name]: await roleNamesOf(store, userId) };
  };
}

/**
 * The groups claim of one application: the names of the person's groups, read once (one query) when
 * the ID token or userinfo asks for them, under the application's claim name, if it asked for the
 * groups scope or gets groups without asking. Past GROUPS_IN_ID_TOKEN_MAX groups, the ID token names
 * userinfo as the claim's source (OpenID Connect Core 5.6.2) and userinfo answers the whole list.
 */
function groupsClaims(
  store: ScopedExecutor,
  userId: string,
  client: GroupsChoice | undefined,
  userinfo: string,
): (use: string, scope: string) => Promise<Omit<AccountClaims, 'sub'>> {
  return async (use, scope) => {
    if (!client || !(client.gatehouse_groups_always || scope.split(' ').includes(GROUPS_SCOPE))) return {};
    const name = client.gatehouse_groups_claim ?? DEFAULT_GROUPS_CLAIM;
    const groups = await groupNamesOf(store, userId);
    if (use === 'id_token' && groups.length > GROUPS_IN_ID_TOKEN_MAX)
      return { _claim_names: { [name]: 'userinfo' }, _claim_sources: { userinfo: { endpoint: userinfo } } };
    return { [name]: groups };
  };
}

/** The provider's findAccount; `store` is the organisation's bound store (the claims' reads), `userinfo` its endpoint. */
export function accountFinder(ctx: AppContext, store: ScopedExecutor, userinfo: string): FindAccount {
  const organisationId = boundOrganisation(store);
  return async (koaCtx, sub, token): Promise<Account | undefined> => {
    const clientId = token?.clientId ?? koaCtx.oidc.client?.clientId;
    if (!clientId) return undefined;
    // The token's own query usually found the user already (adapter.ts); otherwise one query now.
    const found = foundAccount(koaCtx, sub, clientId);
    const user = found === undefined ? await userForClient(ctx, organisationId, sub, clientId) : accountFor(found);
    if (!user) return undefined;
    // Codes and refresh tokens say how the user signed in (an empty amr proved nothing); access tokens do not.
    const amr = token && 'amr' in token ? ((token.amr as string[] | undefined) ?? []) : undefined;
    if (missesSecondStep(user, amr)) return undefined;
    const claims = standardClaims(user);
    const client = koaCtx.oidc.client as GroupsChoice | undefined;
    const groups = groupsClaims(store, user.id, client, userinfo);
    const roles = rolesClaims(store, user.id, client);
    return {
      accountId: sub,
      claims: async (use, scope) => {
        const [ofGroups, ofRoles] = await Promise.all([groups(use, scope), roles(scope)]);
        return { ...claims, ...ofGroups, ...ofRoles };
      },
    };
  };
}
