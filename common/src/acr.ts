/**
 * Authentication context classes (the `acr` claim, OpenID Connect Core 2 and 5.5.1.1): the three levels
 * a Gatehouse sign-in can reach, weakest first. A session satisfies a level when it reached that level or
 * a stronger one, so an application asking for two factors is content with a passkey.
 */

/** A password alone (or one factor of any kind: a sign-in connection whose MFA is not trusted). */
export const ACR_PASSWORD = 'urn:gatehouse:acr:password';
/** Two factors: a password (or a sign-in connection) and a code, a remembered browser, or a passkey. */
export const ACR_MFA = 'urn:gatehouse:acr:mfa';
/** A phishing-resistant factor: a passkey (OpenID EAP ACR Values 1.0 `phr`). */
export const ACR_PHISHING_RESISTANT = 'phr';

/** Every level, weakest first: the provider's `acr_values_supported`. */
export const ACR_VALUES = [ACR_PASSWORD, ACR_MFA, ACR_PHISHING_RESISTANT] as const;
export type AcrValue = (typeof ACR_VALUES)[number];

/** The minimums an application may set (none: any sign-in will do). */
export const APPLICATION_MINIMUM_ACRS = [ACR_MFA, ACR_PHISHING_RESISTANT] as const;
export type ApplicationMinimumAcr = (typeof APPLICATION_MINIMUM_ACRS)[number];

export const isAcrValue = (value: unknown): value is AcrValue => (ACR_VALUES as readonly unknown[]).includes(value);

/** A level's rank (0 weakest). */
export const acrRank = (value: AcrValue): number => ACR_VALUES.indexOf(value);

/** Whether a session at `held` satisfies `wanted`. */
export const acrSatisfies = (held: AcrValue, wanted: AcrValue): boolean => acrRank(held) >= acrRank(wanted);

/**
 * The level a session's methods (its `amr`, RFC 8176) reached: a passkey (`hwk`) is phishing-resistant,
 * any second factor (`mfa`) is two factors, anything else one.
 */
export function acrOfAmr(amr: readonly string[]): AcrValue {
  if (amr.includes('hwk')) return ACR_PHISHING_RESISTANT;
  if (amr.includes('mfa')) return ACR_MFA;
  return ACR_PASSWORD;
}

/** The stronger of two levels, either possibly absent. */
const stronger = (a: AcrValue | null, b: AcrValue | null): AcrValue | null =>
  a === null ? b : b === null ? a : acrRank(a) >= acrRank(b) ? a : b;

/** What one authorization request asks of the sign-in (see acrDemand). */
export interface AcrDemand {
  /** The level to ask the person for, when they can give it (null: any sign-in). */
  aim: AcrValue | null;
  /** The level below which the request is refused (essential claims, the application's minimum). */
  floor: AcrValue | null;
  /** The values the request named, to choose the asserted one from (null: it named none). */
  acceptable: AcrValue[] | null;
}

/**
 * What one authorization request asks: `requested` the acceptable values it named (the `claims`
 * parameter's `acr` value or values, else `acr_values`; unknown values ignored), `essential` whether it
 * insists, `minimum` the application's own minimum. Any acceptable value will do, so the weakest of them
 * is what the request needs; voluntary values are aimed for, not insisted on.
 */
export function acrDemand(requested: readonly string[], essential: boolean, minimum: AcrValue | null): AcrDemand {
  const known = requested.filter(isAcrValue);
  const asked = known.length > 0 ? known.reduce((a, b) => (acrRank(a) <= acrRank(b) ? a : b)) : null;
  const floor = stronger(minimum, essential ? asked : null);
  return { aim: stronger(floor, asked), floor, acceptable: known.length > 0 ? known : null };
}

/**
 * The value to assert for a session at `held`: among the request's acceptable values, the strongest the
 * session satisfies (the request named it, OIDC Core 5.5.1.1); without such a value, the level held.
 */
export function acrToAssert(held: AcrValue, acceptable: readonly AcrValue[] | null): AcrValue {
  const met = (acceptable ?? []).filter((value) => acrSatisfies(held, value));
  if (met.length === 0) return held;
  return met.reduce((a, b) => (acrRank(a) >= acrRank(b) ? a : b));
}
