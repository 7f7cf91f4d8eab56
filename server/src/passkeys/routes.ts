/**
 * Passkeys: /twostep's list, register, rename and remove for the signed-in user (also while they must
 * still set up MFA: a passkey is one way to), and the sign-in code step answered with a passkey.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '@gatehouse/common/routes';
import type { SignInResult } from '@gatehouse/common/schemas/account';
import {
  passkeySignInOptionsRequest,
  passkeySignInRequest,
  registerPasskeyRequest,
  removePasskeyRequest,
  renamePasskeyRequest,
  type Passkey,
  type RegisterPasskeyResult,
} from '@gatehouse/common/schemas/passkeys';
import type { AppContext } from '../context.ts';
import { requireOrganisation, requireUser } from '../http/request-context.ts';
import { parse } from '../http/validate.ts';
import { countingFailedSignIns } from '../metrics/service.ts';
import { completePasskeyStep, passkeyStepOptions } from '../mfa/challenge.ts';
import { listPasskeys, registerPasskey, registrationOptions, removePasskey, renamePasskey } from './service.ts';

type IdParams = { Params: { id: string } };

export function passkeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const settingUp = (request: FastifyRequest) => requireUser(ctx, request, undefined, { allowTwoStepRequired: true });

  app.get(API.passkeys, async (request): Promise<Passkey[]> => {
    const { org, user } = await settingUp(request);
    return listPasskeys(ctx, org, user);
  });

  app.post(API.passkeyOptions, async (request, reply) => {
    const { org, user, session } = await settingUp(request);
    reply.header('cache-control', 'no-store');
    return registrationOptions(ctx, org, user, session);
  });

  app.post(API.passkeys, async (request, reply): Promise<RegisterPasskeyResult> => {
    const { org, user, session } = await settingUp(request);
    const input = parse(registerPasskeyRequest, request.body);
    reply.header('cache-control', 'no-store');
    return registerPasskey(ctx, org, user, session, input);
  });

  app.patch<IdParams>(`${API.passkeys}/:id`, async (request): Promise<Passkey[]> => {
    const { org, user } = await requireUser(ctx, request);
    const input = parse(renamePasskeyRequest, request.body);
    return renamePasskey(ctx, org, user, request.params.id, input.name);
  });

  app.post<IdParams>(`${API.passkeys}/:id/remove`, async (request): Promise<Passkey[]> => {
    const { org, user } = await requireUser(ctx, request);
    const input = parse(removePasskeyRequest, request.body);
    return removePasskey(ctx, org, user, request.params.id, input.password);
  });

  app.post(API.authenticatePasskeyOptions, async (request, reply) => {
    const org = requireOrganisation(request);
    const input = parse(passkeySignInOptionsRequest, request.body);
    reply.header('cache-control', 'no-store');
    return passkeyStepOptions(ctx, request, org, input.signInStateID);
  });

  app.post(API.authenticatePasskey, async (request, reply): Promise<SignInResult> => {
    const org = requireOrganisation(request);
    const input = parse(passkeySignInRequest, request.body);
    return countingFailedSignIns(ctx, org.id, null, () => completePasskeyStep(ctx, request, reply, org, input));
  });
}
