/**
 * The AuthnContext of a sign-in: which class Gatehouse asserts, and whether it meets what the
 * application's RequestedAuthnContext asked for (SAML core 3.3.2.2.1). Gatehouse knows three strengths:
 * unspecified, a password (PasswordProtectedTransport, Password), and more than one factor (the REFEDS
 * MFA profile and the multi-factor classes of the SAML authentication context specification, the
 * ones a sign-in connection trusts as MFA). A class it does not know can never be met.
 */
import { AUTHN_CONTEXTS } from '@gatehouse/common/saml-apps';
import { SAML_MFA_CONTEXTS } from '@gatehouse/common/saml-connections';

import { SAML_URN } from '../saml/xml.ts';

export interface RequestedContext {
  /** exact (the default), minimum, maximum or better. */
  comparison: string;
  classes: string[];
}

const PASSWORD_CLASSES: ReadonlySet<string> = new Set([AUTHN_CONTEXTS.password, 'urn:oasis:names:tc:SAML:2.0:ac:classes:Password']);
const MFA_CLASSES: ReadonlySet<string> = new Set<string>([AUTHN_CONTEXTS.mfa, ...SAML_MFA_CONTEXTS]);

/** 0 unspecified, 1 a password, 2 more than one factor; null for a class Gatehouse does not know. */
function strengthOf(contextClass: string): number | null {
  if (contextClass === SAML_URN.unspecifiedContext) return 0;
  if (PASSWORD_CLASSES.has(contextClass)) return 1;
  if (MFA_CLASSES.has(contextClass)) return 2;
  return null;
}

/** What Gatehouse says of a sign-in when nothing in particular was asked for. */
export const authnContextOf = (secondFactor: boolean): string => (secondFactor ? AUTHN_CONTEXTS.mfa : AUTHN_CONTEXTS.password);

/**
 * The class to assert for a sign-in with or without a second factor, or null when it does not meet the
 * request. `exact` asserts the first class asked for that the sign-in meets (a multi-factor sign-in
 * proved its password too), so the application reads back the class it asked for.
 */
export function contextToAssert(requested: RequestedContext | null, secondFactor: boolean): string | null {
  const ours = secondFactor ? 2 : 1;
  if (!requested || requested.classes.length === 0) return authnContextOf(secondFactor);
  const known = requested.classes.flatMap((c) => {
    const strength = strengthOf(c);
    return strength === null ? [] : [{ contextClass: c, strength }];
  });
  switch (requested.comparison) {
    case 'minimum':
      return known.some((k) => k.strength <= ours) ? authnContextOf(secondFactor) : null;
    case 'better':
      return known.length === requested.classes.length && known.every((k) => k.strength < ours) ? authnContextOf(secondFactor) : null;
    case 'maximum': {
      const ceiling = Math.max(-1, ...known.map((k) => k.strength));
      if (ceiling < 1) return null;
      return authnContextOf(secondFactor && ceiling >= 2);
    }
    default:
      return (
        known.find((k) => k.strength <= ours && k.strength !== 0)?.contextClass ??
        (known.some((k) => k.strength === 0) ? SAML_URN.unspecifiedContext : null)
      );
  }
}

/** Whether only a second factor could meet the request: the sign-in so far does not, one with a second factor would. */
export const wantsSecondFactor = (requested: RequestedContext | null): boolean =>
  contextToAssert(requested, false) === null && contextToAssert(requested, true) !== null;
