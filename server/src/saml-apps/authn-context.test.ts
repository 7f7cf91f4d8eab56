import { AUTHN_CONTEXTS } from '@gatehouse/common/saml-apps';
import { describe, expect, it } from 'vitest';

import { contextToAssert, wantsSecondFactor } from './authn-context.ts';

const MOBILE = 'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorContract';
const asked = (comparison: string, ...classes: string[]) => ({ comparison, classes });

describe('the AuthnContext asserted for a RequestedAuthnContext', () => {
  it('says what the sign-in proved when nothing was asked for', () => {
    expect(contextToAssert(null, false)).toBe(AUTHN_CONTEXTS.password);
    expect(contextToAssert(null, true)).toBe(AUTHN_CONTEXTS.mfa);
  });

  it('exact: asserts the class asked for that the sign-in meets, a multi-factor class only with a second factor', () => {
    expect(contextToAssert(asked('exact', MOBILE), true)).toBe(MOBILE);
    expect(contextToAssert(asked('exact', MOBILE), false)).toBeNull();
    expect(contextToAssert(asked('exact', AUTHN_CONTEXTS.password), true)).toBe(AUTHN_CONTEXTS.password);
    expect(contextToAssert(asked('exact', 'urn:example:unknown'), true)).toBeNull();
  });

  it('minimum, better and maximum compare strengths; a class Gatehouse does not know is never met', () => {
    expect(contextToAssert(asked('minimum', AUTHN_CONTEXTS.mfa), false)).toBeNull();
    expect(contextToAssert(asked('minimum', AUTHN_CONTEXTS.password), true)).toBe(AUTHN_CONTEXTS.mfa);
    expect(contextToAssert(asked('better', AUTHN_CONTEXTS.password), true)).toBe(AUTHN_CONTEXTS.mfa);
    expect(contextToAssert(asked('better', AUTHN_CONTEXTS.password), false)).toBeNull();
    expect(contextToAssert(asked('better', AUTHN_CONTEXTS.password, 'urn:example:unknown'), true)).toBeNull();
    expect(contextToAssert(asked('maximum', AUTHN_CONTEXTS.password), true)).toBe(AUTHN_CONTEXTS.password);
  });

  it('wants a second factor exactly when only one could meet the request', () => {
    expect(wantsSecondFactor(asked('exact', 'https://refeds.org/profile/mfa'))).toBe(true);
    expect(wantsSecondFactor(asked('exact', AUTHN_CONTEXTS.password))).toBe(false);
    expect(wantsSecondFactor(asked('exact', 'urn:example:unknown'))).toBe(false);
    expect(wantsSecondFactor(null)).toBe(false);
  });
});
