/**
 * Passkeys: /twostep's list, register, rename and remove for the signed-in user (also while they must
 * still set up MFA: a passkey is one way to), and the sign-in code step answered with a passkey.
 */
import type { FastifyInstance } from 'fastify';
import { passkeysApi as api } from '@gatehouse/common/api/passkeys';
import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import { ambientScope } from '../audit/origin.ts';
import { countingFailedSignIns } from '../metrics/service.ts';
import { completePasskeyStep, passkeyStepOptions } from '../mfa/challenge.ts';
import { registerPasskey, removePasskey } from '../mfa/passkey-enrolment.ts';
import { signInAnswer } from '../users/account.ts';
import { listPasskeys, passwordlessOptions, registrationOptions, removalOptions, renamePasskey, signInWithPasskey } from './service.ts';

const loose = <T extends object>(options: T) => options as T & Record<string, unknown>;

export function passkeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, api.list, async (_, { org, user }) => listPasskeys(ctx, org, user));
  // The library's option types lack the index signature of the contract's loose schemas.
  serve(app, ctx, api.registrationOptions, async (_, { org, user, session }) => loose(await registrationOptions(ctx, org, user, session)));
  serve(app, ctx, api.register, async ({ body }, { org, user, session }) => registerPasskey(ctx, org, user, session, body));
  serve(app, ctx, api.rename, async ({ params, body }, { org, user }) => renamePasskey(ctx, org, user, params.id, body.name));
  serve(app, ctx, api.remove, async ({ params, body }, { org, user, session }) =>
    removePasskey(ctx, org, user, session, params.id, { password: body.password }),
  );
  serve(app, ctx, api.removalOptions, async ({ params }, { org, user, session }) =>
    loose(await removalOptions(ctx, org, user, session, params.id)),
  );
  serve(app, ctx, api.removeWithPasskey, async ({ params, body }, { org, user, session }) =>
    removePasskey(ctx, org, user, session, params.id, { credential: body.credential }),
  );
  serve(app, ctx, api.signInOptions, async ({ body }, { org }, request) =>
    loose(await passkeyStepOptions(ctx, request, org, body.signInStateID)),
  );
  serve(app, ctx, api.signIn, async ({ body }, { org }, request, reply) =>
    signInAnswer(
      ctx,
      org,
      await countingFailedSignIns(ctx, ambientScope(org), null, () => completePasskeyStep(ctx, request, reply, org, body)),
    ),
  );
  serve(app, ctx, api.passwordlessOptions, async (_, { org }, request, reply) =>
    loose(await passwordlessOptions(ctx, request, reply, org)),
  );
  serve(app, ctx, api.passwordlessSignIn, async ({ body }, { org }, request, reply) =>
    signInAnswer(
      ctx,
      org,
      await countingFailedSignIns(ctx, ambientScope(org), null, () => signInWithPasskey(ctx, request, reply, org, body)),
    ),
  );
}
