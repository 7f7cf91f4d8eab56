import { describe, expect, it } from 'vitest';

import { accountApi } from './api/account.ts';
import { errorCodesOf, SIGNED_IN } from './api/contract.ts';
import { ROUTES } from './routes.ts';
import { accountFacts, applicationStep, pendingStep, SIGN_IN_STEPS, type SignInFacts, STEP_PAGES } from './sign-in-steps.ts';

const DONE: SignInFacts = {
  signedIn: true,
  lockedOut: false,
  secondFactorPending: false,
  requiresNewPassword: false,
  requiresTwoStep: false,
  application: { requiresAppPolicyConsent: false, requiresEmailVerification: false },
};

describe('the sign-in step list', () => {
  it('answers the first pending step in the declared order, by stage, skipping waived ones', () => {
    expect(pendingStep(DONE)).toBeNull();
    const everything: SignInFacts = {
      signedIn: false,
      lockedOut: true,
      secondFactorPending: true,
      requiresNewPassword: true,
      requiresTwoStep: true,
      application: { requiresAppPolicyConsent: true, requiresEmailVerification: true },
    };
    expect(pendingStep(everything)?.id).toBe('password');
    expect(pendingStep(everything, { stages: ['account'] })?.id).toBe('newPassword');
    expect(pendingStep(everything, { stages: ['account'], waived: { allowPasswordChangeRequired: true } })?.id).toBe('mfaSetUp');
    expect(pendingStep(everything, { stages: ['application'] })?.id).toBe('applicationPolicy');
    expect(
      applicationStep({ policy: { requiresAppPolicyConsent: false }, emailVerification: { requiresEmailVerification: true } })?.id,
    ).toBe('emailVerification');
    expect(pendingStep(accountFacts(null))?.id).toBe('password');
  });

  it('gives every step a page of the route table, and every account step a refusal and a waiver', () => {
    for (const step of SIGN_IN_STEPS) expect(ROUTES[step.route]).toBeDefined();
    for (const step of SIGN_IN_STEPS.filter((s) => s.stage !== 'application')) expect(step).toHaveProperty('refusal');
    for (const step of SIGN_IN_STEPS.filter((s) => s.stage === 'account')) expect(step).toHaveProperty('waiver');
    expect([...STEP_PAGES].sort()).toEqual(['passwordExpired', 'twoStep']);
  });

  it("is what the endpoint contract's error lists follow", () => {
    expect(errorCodesOf({ ...accountApi.get, access: SIGNED_IN })).toEqual(
      expect.arrayContaining(['PASSWORD_CHANGE_REQUIRED', 'TWO_STEP_REQUIRED']),
    );
    expect(errorCodesOf(accountApi.get)).not.toContain('TWO_STEP_REQUIRED');
    expect(errorCodesOf(accountApi.get)).not.toContain('PASSWORD_CHANGE_REQUIRED');
  });
});
