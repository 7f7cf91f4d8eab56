/**
 * Fixture builders for application tests: end users inserted directly (the invitation flow is another
 * domain's), admins signed in through the API, applications made and configured through the admin API.
 */
import { randomUUID } from 'node:crypto';

import type { Role, UserStatus } from '@gatehouse/common/policy';

import { insertUser } from '../accounts/store.ts';
import { setUserClientAccess } from '../applications/service.ts';
import { scoped } from '../db/scoped.ts';
import { hashPassword } from '../passwords/hash.ts';
import { signIn } from './accounts.ts';
import { DEFAULT_PASSWORD, type TestServer } from './harness.ts';
import type { TestClient } from './http-client.ts';

export interface TestUser {
  id: string;
  email: string;
}

let cachedHash: Promise<string> | undefined;

/** Inserts a user of `org` who can sign in with DEFAULT_PASSWORD. */
export async function createUser(
  server: TestServer,
  organisationId: string,
  fields: { email: string; role?: Role; status?: UserStatus; emailVerified?: boolean; firstName?: string; surname?: string },
): Promise<TestUser> {
  cachedHash ??= hashPassword(DEFAULT_PASSWORD);
  const now = server.ctx.clock.now();
  const id = randomUUID();
  await insertUser(scoped(server.ctx.db.kysely, organisationId), {
    id,
    email: fields.email,
    first_name: fields.firstName ?? null,
    surname: fields.surname ?? null,
    phone_number: null,
    role: fields.role ?? 'EndUser',
    status: fields.status ?? 'SignedUp',
    password_hash: await cachedHash,
    password_set_date: now,
    requires_new_password: false,
    previous_sign_in: null,
    last_sign_in: null,
    last_failed_sign_in: null,
    email_verified_date: fields.emailVerified === false ? null : now,
    failed_auth_count: 0,
    multi_factor_auth_required: false,
    created_at: now,
    updated_at: now,
  });
  return { id, email: fields.email };
}

/** An API client signed in as `email` at `org`. */
export function signedIn(server: TestServer, org: string, email: string): Promise<TestClient> {
  return signIn(server, org, email, DEFAULT_PASSWORD);
}

export interface CreatedApplication {
  id: string;
  secret: string;
}

export interface ApplicationSettings {
  name?: string;
  clientType?: 'confidential' | 'public' | 'machine' | 'device';
  redirectURIs?: string[];
  postLogoutRedirectURIs?: string[];
  landingURL?: string;
  policyURL?: string;
  allowsUnverifiedAccess?: boolean;
  idTokenSignedResponseAlg?: 'RS256' | 'ES256';
  tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post' | 'client_secret_jwt' | 'private_key_jwt';
  jwks?: string;
  jwksURI?: string;
  accessTokenLifetime?: number;
  idTokenLifetime?: number;
  refreshTokenLifetime?: number;
  refreshWithoutConsent?: boolean;
  backchannelLogoutURI?: string;
  groupsClaim?: string;
  groupsAlways?: boolean;
  rolesClaim?: string;
  rolesAlways?: boolean;
  requirePushedAuthorizationRequests?: boolean;
  minimumAcr?: string;
}

/** Creates an application through the admin API and, when settings are given, saves them. */
export async function createApplication(admin: TestClient, settings: ApplicationSettings = {}): Promise<CreatedApplication> {
  const name = settings.name ?? 'Wiki';
  const created = await admin.post('/api/clients', { form: { name } });
  if (created.status !== 201) throw new Error(`creating an application failed: ${created.status} ${created.text}`);
  const app = created.json<CreatedApplication>();
  await configureApplication(admin, app.id, { name, ...settings });
  return app;
}

export async function configureApplication(admin: TestClient, id: string, settings: ApplicationSettings): Promise<void> {
  const res = await admin.put(`/api/clients/${id}`, {
    form: {
      name: settings.name ?? 'Wiki',
      clientType: settings.clientType ?? 'confidential',
      redirectURIs: settings.redirectURIs ?? ['https://wiki.example.com/callback'],
      postLogoutRedirectURIs: settings.postLogoutRedirectURIs ?? ['https://wiki.example.com/'],
      landingURL: settings.landingURL,
      policyURL: settings.policyURL,
      allowsUnverifiedAccess: settings.allowsUnverifiedAccess ?? false,
      idTokenSignedResponseAlg: settings.idTokenSignedResponseAlg ?? 'RS256',
      tokenEndpointAuthMethod: settings.tokenEndpointAuthMethod,
      jwks: settings.jwks,
      jwksURI: settings.jwksURI,
      accessTokenLifetime: settings.accessTokenLifetime,
      idTokenLifetime: settings.idTokenLifetime,
      refreshTokenLifetime: settings.refreshTokenLifetime,
      refreshWithoutConsent: settings.refreshWithoutConsent,
      backchannelLogoutURI: settings.backchannelLogoutURI,
      groupsClaim: settings.groupsClaim,
      groupsAlways: settings.groupsAlways,
      rolesClaim: settings.rolesClaim,
      rolesAlways: settings.rolesAlways,
      requirePushedAuthorizationRequests: settings.requirePushedAuthorizationRequests,
      minimumAcr: settings.minimumAcr,
    },
  });
  if (res.status !== 200) throw new Error(`configuring application ${id} failed: ${res.status} ${res.text}`);
}

export async function grantAccess(server: TestServer, organisationId: string, userId: string, clientIds: string[]): Promise<void> {
  await setUserClientAccess(server.ctx, organisationId, userId, clientIds);
}
