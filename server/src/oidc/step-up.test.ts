import { ACR_MFA, ACR_PASSWORD, ACR_PHISHING_RESISTANT } from '@gatehouse/common/acr';
import { describe, expect, it } from 'vitest';

import { acrOutcome, acrRequestOf, demandOf } from './step-up.ts';

describe('step-up', () => {
  it('reads the claims parameter before acr_values, value or values, essential or not', () => {
    const essential = JSON.stringify({ id_token: { acr: { essential: true, value: ACR_MFA } } });
    expect(acrRequestOf({ claims: essential, acr_values: ACR_PASSWORD })).toEqual({ values: [ACR_MFA], essential: true });
    expect(acrRequestOf({ claims: JSON.stringify({ userinfo: { acr: { values: ['phr', 7] } } }) })).toEqual({
      values: ['phr'],
      essential: false,
    });
    expect(acrRequestOf({ acr_values: `${ACR_MFA} phr` })).toEqual({ values: [ACR_MFA, 'phr'], essential: false });
    expect(acrRequestOf({ claims: '{"id_token":{"email":null}}' })).toEqual({ values: [], essential: false });
  });

  it('raises a session below the aim, naming the floor only when the session is under it', () => {
    const twoFactors = ['pwd', 'otp', 'mfa'];
    const voluntary = demandOf({ values: ['phr'], essential: false }, ACR_MFA);
    expect(acrOutcome(voluntary, twoFactors)).toEqual({ kind: 'raise', aim: ACR_PHISHING_RESISTANT, floor: null });
    expect(acrOutcome(voluntary, ['pwd'])).toEqual({ kind: 'raise', aim: ACR_PHISHING_RESISTANT, floor: ACR_MFA });
    expect(acrOutcome(demandOf({ values: [], essential: false }, null), ['hwk', 'user', 'mfa'])).toEqual({
      kind: 'assert',
      acr: ACR_PHISHING_RESISTANT,
    });
  });
});
