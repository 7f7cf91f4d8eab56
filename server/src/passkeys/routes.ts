/**
 * Passkeys: /twostep's list, register, rename and remove for the signed-in user (also while they must
 * still set up MFA: a passkey is one way to), and the sign-in code step answered with a passkey.
 */
import { passkeysApi as api } from '@gatehouse/common/api/passkeys';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import { applyCookies, browserOf } from '../http/outcome.ts';
import { countingFailedSignIns } from '../metrics/service.ts';
import { completePasskeyStep, passkeyStepOptions } from '../mfa/challenge.ts';
import { registerPasskey, removePasskey } from '../mfa/passkey-enrolment.ts';
import { signInAnswer } from '../users/account.ts';
import { listPasskeys, passwordlessOptions, registrationOptions, removalOptions, renamePasskey, signInWithPasskey } from './service.ts';

const loose = <T extends object>(options: T) => options as T & Record<string, unknown>;

export function passkeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, api.list, async (_, scope) => listPasskeys(ctx, scope, scope.user));
  // The library's option types lack the index signature of the contract's loose schemas.
  serve(app, ctx, api.registrationOptions, async (_, scope) => loose(await registrationOptions(ctx, scope, scope.user, scope.session)));
  serve(app, ctx, api.register, async ({ body }, scope) => registerPasskey(ctx, scope, scope.user, scope.session, body));
  serve(app, ctx, api.rename, async ({ params, body }, scope) => renamePasskey(ctx, scope, scope.user, params.id, body.name));
  serve(app, ctx, api.remove, async ({ params, body }, scope) =>
    removePasskey(ctx, scope, scope.user, scope.session, params.id, { password: body.password }),
  );
  serve(app, ctx, api.removalOptions, async ({ params }, scope) =>
    loose(await removalOptions(ctx, scope, scope.user, scope.session, params.id)),
  );
  serve(app, ctx, api.removeWithPasskey, async ({ params, body }, scope) =>
    removePasskey(ctx, scope, scope.user, scope.session, params.id, { credential: body.credential }),
  );
  serve(app, ctx, api.signInOptions, async ({ body }, scope, request) =>
    loose(await passkeyStepOptions(ctx, scope, browserOf(ctx, request), body.signInStateID)),
  );
  serve(app, ctx, api.signIn, async ({ body }, scope, request, reply) => {
    const signedIn = await countingFailedSignIns(ctx, scope, null, () => completePasskeyStep(ctx, scope, browserOf(ctx, request), body));
    applyCookies(ctx, reply, signedIn.cookies);
    return signInAnswer(ctx, scope.organisation, signedIn.session);
  });
  serve(app, ctx, api.passwordlessOptions, async (_, scope, request, reply) => {
    const { options, cookies } = await passwordlessOptions(ctx, scope, browserOf(ctx, request));
    applyCookies(ctx, reply, cookies);
    return loose(options);
  });
  serve(app, ctx, api.passwordlessSignIn, async ({ body }, scope, request, reply) => {
    const signedIn = await countingFailedSignIns(ctx, scope, null, () => signInWithPasskey(ctx, scope, browserOf(ctx, request), body));
    applyCookies(ctx, reply, signedIn.cookies);
    return signInAnswer(ctx, scope.organisation, signedIn.session);
  });
}
