// The sign-in steps' rules and the brute-force policy, without a server or a database.
import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { describe, expect, it } from 'vitest';

import { MINUTE } from '../clock.ts';
import type { OrganisationRow } from '../db/schema.ts';
import { PASSWORD_AMR } from '../sessions/amr.ts';
import { attemptPolicy, refusal } from './service.ts';
import { afterFirstFactor, afterSecondStep } from './sign-in-rules.ts';

const never = async () => {
  throw new Error('asked whether the browser is remembered when it does not matter');
};
const remembered = (answer: boolean) => async () => answer;

describe('after a right first factor', () => {
  it('finishes with the first factor alone for a user without a second step, without asking about the browser', async () => {
    expect(await afterFirstFactor({ has_second_factor: false }, PASSWORD_AMR, never)).toEqual({ next: 'finish', amr: ['pwd'] });
  });

  it('asks a user with a second step for the code, unless this browser was remembered at an earlier code step', async () => {
    const user = { has_second_factor: true };
    expect(await afterFirstFactor(user, PASSWORD_AMR, remembered(false))).toEqual({ next: 'codeStep' });
    // The remembered browser stands in for the code: a second factor, but no code in this sign-in.
    expect(await afterFirstFactor(user, PASSWORD_AMR, remembered(true))).toEqual({ next: 'finish', amr: ['pwd', 'mfa'] });
  });

  it("finishes an upstream sign-in whose provider stood for the second step, with the provider's methods", async () => {
    const amr = ['fed', 'otp', 'mfa'];
    expect(await afterFirstFactor({ has_second_factor: true }, amr, never)).toEqual({ next: 'finish', amr });
    expect(await afterFirstFactor({ has_second_factor: true }, ['fed'], remembered(false))).toEqual({ next: 'codeStep' });
  });

  it('never hands back the caller’s list to be changed', async () => {
    const amr = ['pwd'];
    const after = await afterFirstFactor({ has_second_factor: true }, amr, remembered(true));
    expect(amr).toEqual(['pwd']);
    expect(after).toEqual({ next: 'finish', amr: ['pwd', 'mfa'] });
  });
});

describe('after the code step', () => {
  const methods = { password: 'password and code', connection: 'connection and code' };

  it('keeps the password and the code after a password', () => {
    expect(afterSecondStep(['pwd', 'otp', 'mfa'], null, methods)).toEqual({
      amr: ['pwd', 'otp', 'mfa'],
      details: { method: 'password and code' },
    });
  });

  it("names the provider's sign-in (fed) in place of a password after an upstream sign-in", () => {
    expect(afterSecondStep(['pwd', 'hwk', 'user', 'mfa'], 'conn-1', methods)).toEqual({
      amr: ['fed', 'hwk', 'user', 'mfa'],
      details: { method: 'connection and code', connectionId: 'conn-1' },
    });
  });
});

describe('the brute-force policy', () => {
  const org = (fields: Partial<OrganisationRow>) =>
    ({
      failed_sign_ins_before_cooldown: 5,
      cooldown_duration_minutes: 10,
      failed_sign_ins_before_lockout: 20,
      ...fields,
    }) as OrganisationRow;

  it('reads the organisation’s settings; either cooldown setting at 0 turns cooldowns off', () => {
    expect(attemptPolicy(org({}), 1000)).toEqual({ now: 1000, cooldownEvery: 5, cooldownMs: 10 * MINUTE, lockoutAfter: 20 });
    expect(attemptPolicy(org({ failed_sign_ins_before_cooldown: 0 }), 0).cooldownEvery).toBe(0);
    expect(attemptPolicy(org({ cooldown_duration_minutes: 0 }), 0).cooldownEvery).toBe(0);
    expect(attemptPolicy(org({ failed_sign_ins_before_lockout: -1 }), 0).lockoutAfter).toBe(0);
  });

  it('refuses a locked account, and an attempt at the lockout threshold, as locked', () => {
    const policy = attemptPolicy(org({}), 0);
    expect(refusal(policy, { status: 'LockedOut', count: 0, cooldownUntil: null }).code).toBe('ACCOUNT_LOCKED');
    expect(refusal(policy, { status: 'SignedUp', count: 20, cooldownUntil: null }).code).toBe('ACCOUNT_LOCKED');
  });

  it('tells a cooling-down attempt the whole minutes left, at least one', () => {
    const policy = attemptPolicy(org({}), 0);
    const cooling = refusal(policy, { count: 5, cooldownUntil: 2.5 * MINUTE });
    expect(cooling.code).toBe('SIGN_IN_COOLDOWN');
    expect(cooling.message).toBe(ACCOUNT_MESSAGES.cooldown(3));
    expect(refusal(policy, { count: 5, cooldownUntil: 1 }).message).toBe(ACCOUNT_MESSAGES.cooldown(1));
  });
});
