/**
 * The base organisation's front door (spec sections 1 and 2): a trial sign-up proves its address by an
 * emailed link before an organisation is made; a demo uses the fixed demo address and continues at once.
 * Either way the sign-up is an expiring, single-use token on the base organisation (its id), used up
 * in the very transaction that creates the organisation, so one sign-up makes at most one organisation.
 * The new Organisation Admin is then signed in on the new host by a one-time hand-over token.
 */
import { frontDoorApi } from '@gatehouse/common/api/front-door';
import { ERRORS } from '@gatehouse/common/errors';
import { ACCOUNT_TOKENS, BASE_SIGNUP, DEMO_ADMIN_EMAIL } from '@gatehouse/common/policy';
import {
  type BaseSignUp,
  type BaseSignUpEmailResult,
  type BaseSignUpOrgResult,
  handoverQuery,
  type OrgExistsResult,
} from '@gatehouse/common/schemas/base-signup';

import { finishSignIn, type SignedIn } from '../accounts/session.ts';
import { findUserByEmail, findUserById } from '../accounts/store.ts';
import { MINUTE } from '../clock.ts';
import { originFor } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { EmailTokenRow, UserRow } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import { AppError, fieldError } from '../http/errors.ts';
import type { Browser } from '../http/outcome.ts';
import { mailQuotaUsed } from '../mail/service.ts';
import { linkFor } from '../mail/templates.ts';
import { createOrganisationWithAdmin } from '../organisations/service.ts';
import type { Scope } from '../scope/scope.ts';
import { type Organisation, toOrganisation } from '../tenancy/organisation.ts';
import { organisationNameForHost } from '../tenancy/resolver.ts';
import { findOrganisationByName } from '../tenancy/store.ts';
import { sendBaseSignUpEmail } from '../tokens/emails.ts';
import { issueEmailToken, peekEmailToken, useEmailToken } from '../tokens/service.ts';
import { countDemoOrganisations } from './store.ts';

/** Sign-up and the organisation lookup exist only on the base host; elsewhere they are not there at all. */
function assertBase(org: Organisation): void {
  if (!org.isBase) throw new AppError('NOT_FOUND');
}

async function assertRoomForDemo(ctx: AppContext): Promise<void> {
  if ((await countDemoOrganisations(ctx.db.kysely)) >= BASE_SIGNUP.maxLiveDemos) throw new AppError('DEMO_UNAVAILABLE');
}

/**
 * POST /api/basesignupemail. A trial: emails the link (at most a few an hour per address) and answers
 * without the id, which only the link carries. The demo address: a sign-up id at once.
 */
export async function startBaseSignUp(ctx: AppContext, scope: Scope, email: string): Promise<BaseSignUpEmailResult> {
  const base = scope.organisation;
  assertBase(base);
  if (email === DEMO_ADMIN_EMAIL) {
    await assertRoomForDemo(ctx);
    const baseSignUpID = await issueEmailToken(ctx, {
      organisationId: base.id,
      purpose: 'basesignup',
      email,
      userId: null,
      lifetimeMs: BASE_SIGNUP.demoSignUpMinutes * MINUTE,
      replaceEarlier: false,
    });
    return { email, baseSignUpID };
  }
  if (!(await mailQuotaUsed(ctx, base, email, ['baseSignUp'], ACCOUNT_TOKENS.anonymousEmailsPerHour))) {
    await sendBaseSignUpEmail(ctx, scope, email);
  }
  return { email, baseSignUpID: null };
}

/** The live sign-up of an id; used up only by finishing it (the link may be opened again). */
async function liveSignUp(ctx: AppContext, scope: Scope, baseSignUpID: string): Promise<EmailTokenRow> {
  assertBase(scope.organisation);
  const token = await peekEmailToken(ctx, scope, baseSignUpID, ['basesignup']);
  if (!token) throw new AppError('BASE_SIGNUP_INVALID');
  return token;
}

const isDemo = (signUp: EmailTokenRow) => signUp.email === DEMO_ADMIN_EMAIL;

/** GET /api/basesignup?signupid=: a started sign-up, to resume at /signuporganisation (`baseSignUpID` as the page knows it). */
export async function baseSignUpInfo(ctx: AppContext, scope: Scope, token: string, baseSignUpID: string): Promise<BaseSignUp> {
  const signUp = await liveSignUp(ctx, scope, token);
  return { baseSignUpID, email: signUp.email, demo: isDemo(signUp), baseHostname: ctx.config.baseHostname };
}

/**
 * POST /api/basesignuporg: makes the organisation (keys included) with the signer as its Organisation
 * Admin, and answers the one-time address that signs them in there. A name that is taken or reserved
 * leaves the sign-up usable for another try.
 */
export async function finishBaseSignUp(
  ctx: AppContext,
  scope: Scope,
  input: { baseSignUpID: string; organisationName: string },
): Promise<BaseSignUpOrgResult> {
  const signUp = await liveSignUp(ctx, scope, input.baseSignUpID);
  if (isDemo(signUp)) await assertRoomForDemo(ctx);
  const org = await createOrganisationWithAdmin(ctx, {
    // The new organisation's admin is created by this request's actor (the signer, not signed in yet).
    creator: (organisation) => ({ ...scope, organisation, db: scoped(ctx.db.kysely, organisation.id) }),
    name: input.organisationName,
    adminEmail: signUp.email,
    demoExpiresAt: isDemo(signUp) ? ctx.clock.now() + ctx.config.demoLifetimeMs : undefined,
    // Consent was given with the email step.
    termsAcceptedAt: signUp.created_at,
    withinTransaction: async (trx) => {
      if (!(await useEmailToken(ctx, scope, input.baseSignUpID, ['basesignup'], trx))) throw new AppError('BASE_SIGNUP_INVALID');
    },
  });
  const admin = (await findUserByEmail(scoped(ctx.db.kysely, org.id), signUp.email))!;
  return { hostname: org.hostname, handoverURL: await handoverLink(ctx, org, admin) };
}

/** A link on the organisation's host that signs the user in once, within a minute. */
async function handoverLink(ctx: AppContext, org: Organisation, user: UserRow): Promise<string> {
  const token = await issueEmailToken(ctx, {
    organisationId: org.id,
    purpose: 'handover',
    email: user.email,
    userId: user.id,
    lifetimeMs: BASE_SIGNUP.handoverSeconds * 1000,
  });
  return linkFor(ctx.config, org, frontDoorApi.handover.path, { token });
}

/**
 * GET /api/handover?token=: uses the hand-over token up and signs its user in, or answers null when it is
 * malformed, unknown, expired, used, of another organisation, or its user may no longer sign in.
 */
export async function useHandover(ctx: AppContext, scope: Scope, browser: Browser, query: unknown): Promise<SignedIn | null> {
  const org = scope.organisation;
  const parsed = handoverQuery.safeParse(query);
  if (!parsed.success) return null;
  const token = await useEmailToken(ctx, scope, parsed.data.token, ['handover']);
  const user = token?.user_id ? await findUserById(scope.db, token.user_id) : undefined;
  if (!token || !user || user.status !== 'SignedUp' || user.email !== token.email) return null;
  return finishSignIn(ctx, scope, browser, { userId: user.id, amr: handoverAmr(org), details: { method: 'hand-over' } });
}

/** What a hand-over session says of how the user signed in (RFC 8176 `amr`): a trial's admin proved their email. */
export function handoverAmr(org: Organisation): string[] {
  return org.isDemo ? [] : ['email'];
}

/** GET /api/orgexists?name=: where organisation `name` signs in. Its full host name is accepted too. */
export async function findOrganisationLocation(ctx: AppContext, scope: Scope, name: string): Promise<OrgExistsResult> {
  const base = scope.organisation;
  assertBase(base);
  // Read as a host name, so only a valid label (never arbitrary text) reaches the query.
  const label = organisationNameForHost(name.includes('.') ? name : `${name}.${ctx.config.baseHostname}`, ctx.config.baseHostname);
  const row = label ? await findOrganisationByName(ctx.db.kysely, label) : undefined;
  if (!row) throw fieldError('name', ERRORS.ORGANISATION_UNKNOWN.message, 'ORGANISATION_UNKNOWN');
  const org = toOrganisation(ctx.config, row);
  return { hostname: org.hostname, url: `${originFor(ctx.config, org.hostname)}/` };
}
