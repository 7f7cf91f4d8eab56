import { describe, expect, it } from 'vitest';

import { ACR_MFA, ACR_PASSWORD, ACR_PHISHING_RESISTANT, acrDemand, acrOfAmr, acrToAssert } from './acr.ts';

describe('acr levels', () => {
  it('reads the level from the methods: a passkey, any second factor, else one factor', () => {
    expect(acrOfAmr(['pwd'])).toBe(ACR_PASSWORD);
    expect(acrOfAmr(['fed'])).toBe(ACR_PASSWORD);
    expect(acrOfAmr(['pwd', 'mfa'])).toBe(ACR_MFA);
    expect(acrOfAmr(['pwd', 'otp', 'mfa'])).toBe(ACR_MFA);
    expect(acrOfAmr(['hwk', 'user', 'mfa'])).toBe(ACR_PHISHING_RESISTANT);
  });

  it('aims at the weakest value named, insists only on essential values and the minimum', () => {
    expect(acrDemand([ACR_PHISHING_RESISTANT, ACR_MFA], false, null)).toEqual({
      aim: ACR_MFA,
      floor: null,
      acceptable: [ACR_PHISHING_RESISTANT, ACR_MFA],
    });
    expect(acrDemand([ACR_PHISHING_RESISTANT], true, null)).toMatchObject({ aim: ACR_PHISHING_RESISTANT, floor: ACR_PHISHING_RESISTANT });
    // A voluntary level above the application's minimum is aimed at; the minimum stays the floor.
    expect(acrDemand([ACR_PHISHING_RESISTANT], false, ACR_MFA)).toMatchObject({ aim: ACR_PHISHING_RESISTANT, floor: ACR_MFA });
    expect(acrDemand(['unknown'], true, null)).toEqual({ aim: null, floor: null, acceptable: null });
  });

  it('asserts the strongest requested value the session satisfies, else the level held', () => {
    expect(acrToAssert(ACR_PHISHING_RESISTANT, [ACR_MFA])).toBe(ACR_MFA);
    expect(acrToAssert(ACR_PHISHING_RESISTANT, [ACR_MFA, ACR_PHISHING_RESISTANT])).toBe(ACR_PHISHING_RESISTANT);
    expect(acrToAssert(ACR_MFA, [ACR_PHISHING_RESISTANT])).toBe(ACR_MFA);
    expect(acrToAssert(ACR_PASSWORD, null)).toBe(ACR_PASSWORD);
  });
});
