import { describe, expect, it } from 'vitest';

import { compactPhoneNumber, E164, inGroupsOfFour, maskPhoneNumber, rememberDuration } from './mfa.ts';
import { MFA_MESSAGES } from './mfa-messages.ts';
import { signInChallenge } from './schemas/mfa.ts';
import { hasSignInChallengeShape } from './sign-in-challenge.ts';

describe('multi-factor authentication formats', () => {
  it('says how long a device is remembered in days, or in hours under one day, to one decimal place', () => {
    expect(rememberDuration(30)).toBe('30 days');
    expect(rememberDuration(1)).toBe('1 day');
    expect(rememberDuration(1.25)).toBe('1.3 days');
    expect(rememberDuration(0.5)).toBe('12 hours');
    expect(rememberDuration(0.01)).toBe('0.2 hours');
    expect(rememberDuration(1 / 24)).toBe('1 hour');
    expect(MFA_MESSAGES.rememberDevice(0.25)).toBe('Remember this device for 6 hours');
  });

  it('shows a key in groups of four characters for typing by hand', () => {
    expect(inGroupsOfFour('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(inGroupsOfFour('ABCDEF')).toBe('ABCD EF');
  });

  it('takes phone numbers as people type them and keeps them in E.164 form', () => {
    expect(compactPhoneNumber('+44 (7700) 900-123')).toBe('+447700900123');
    expect(E164.test('+447700900123')).toBe(true);
    expect(E164.test('07700900123')).toBe(false);
    expect(E164.test('+0447700900123')).toBe(false);
    expect(maskPhoneNumber('+447700900123')).toBe('•••• 123');
  });

  it('labels the code fields with their digit count as the spec words them', () => {
    expect(MFA_MESSAGES.appCodeLabel(6)).toBe('Enter 6 digit code displayed on authenticator app');
  });
});

describe('the stored code step, checked without zod on the first load', () => {
  const valid = {
    authType: 'code',
    signInStateID: 'abc',
    data: {
      digits: 6,
      isEmail: true,
      isSMS: false,
      rememberMeDays: 30,
      phoneNumber: null,
      passkey: false,
      passkeyOnly: false,
      otherMethods: [],
    },
  };
  const cases: unknown[] = [
    valid,
    { ...valid, data: { ...valid.data, phoneNumber: '+44 **** 123' } },
    null,
    'code',
    [],
    {},
    { ...valid, authType: 'password' },
    { ...valid, signInStateID: 1 },
    { ...valid, data: null },
    { ...valid, data: { ...valid.data, digits: '6' } },
    { ...valid, data: { ...valid.data, isSMS: undefined } },
    { ...valid, data: { ...valid.data, rememberMeDays: null } },
    { ...valid, data: { ...valid.data, phoneNumber: undefined } },
    { ...valid, data: { ...valid.data, passkey: 'true' } },
    { ...valid, data: { ...valid.data, passkeyOnly: 0 } },
    // A step stored before 'Use another method' existed has no otherMethods: not taken as it is.
    { ...valid, data: { ...valid.data, otherMethods: undefined } },
    {
      ...valid,
      data: {
        ...valid.data,
        otherMethods: [
          { kind: 2, phoneNumber: '•••• 123' },
          { kind: 0, phoneNumber: null },
        ],
      },
    },
    { ...valid, data: { ...valid.data, otherMethods: [{ kind: '2', phoneNumber: null }] } },
    { ...valid, data: { ...valid.data, otherMethods: [null] } },
  ];
  it.each(cases.map((value, index) => [index, value]))('case %i gets the same answer as the signInChallenge schema', (_, value) => {
    expect(hasSignInChallengeShape(value)).toBe(signInChallenge.safeParse(value).success);
  });
});
