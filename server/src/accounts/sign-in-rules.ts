/**
 * The rules of the sign-in steps that need no database: after a right first factor (a password, an
 * upstream provider's answer), whether the code step comes next or the sign-in finishes, and with which
 * methods; after the code step, what the session's methods and the audit's method are. The steps that
 * read and write (accounts/service.ts, mfa/challenge.ts, connections/sign-in.ts) follow these.
 */
import type { UserRow } from '../db/schema.ts';
import { hasSecondFactor } from './amr.ts';
import type { SignInDetails } from './session.ts';

/** What a right first factor leads to: the sign-in finishes with `amr`, or the code step begins. */
export type AfterFirstFactor = { next: 'finish'; amr: string[] } | { next: 'codeStep' };

/**
 * A user with a second step whose first factor did not stand for it (`amr` has no `mfa`) goes through
 * the code step, unless this browser was remembered at an earlier one (`remembered`, asked only then),
 * which stands in for the code (`mfa`, no `otp`).
 */
export async function afterFirstFactor(
  user: Pick<UserRow, 'has_second_factor'>,
  amr: readonly string[],
  remembered: () => Promise<boolean>,
): Promise<AfterFirstFactor> {
  if (!user.has_second_factor || hasSecondFactor(amr)) return { next: 'finish', amr: [...amr] };
  return (await remembered()) ? { next: 'finish', amr: [...amr, 'mfa'] } : { next: 'codeStep' };
}

/** How the audit log names a sign-in finished at the code step, by the first factor and the second. */
export interface SecondStepMethods {
  password: SignInDetails['method'];
  connection: SignInDetails['method'];
}

/**
 * The session's methods and the event's details after a right code or passkey (`amr`): after an
 * upstream sign-in through `connectionId` the first factor was the provider's (`fed`), not a password.
 */
export function afterSecondStep(
  amr: readonly string[],
  connectionId: string | null,
  methods: SecondStepMethods,
): { amr: string[]; details: SignInDetails } {
  if (connectionId === null) return { amr: [...amr], details: { method: methods.password } };
  return { amr: ['fed', ...amr.filter((m) => m !== 'pwd')], details: { method: methods.connection, connectionId } };
}
