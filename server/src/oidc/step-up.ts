/**
 * Step-up: what an authorization request asks of the sign-in (`acr_values`, the `claims` parameter's
 * `acr`, OIDC Core 3.1.2.1 and 5.5.1.1, and the application's minimum), whether this browser's session
 * holds it, and the `acr` to assert. The provider's login prompt asks `acrOutcome` (oidc/policy.ts); the
 * interaction's finish (oidc/interaction.ts) asks `acrOutcome` and, when the session holds less, starts
 * the code step for the missing factor (mfa/challenge.ts beginStepUp) rather than a new sign-in.
 */
import { type AcrDemand, acrDemand, acrOfAmr, acrSatisfies, acrToAssert, type AcrValue, isAcrValue } from '@gatehouse/common/acr';

/** The acr an authorization request names: its acceptable values and whether they are essential. */
export interface AcrRequest {
  values: string[];
  essential: boolean;
}

/**
 * The acr of an authorization request's parameters: the `claims` parameter's `id_token.acr` (or
 * `userinfo.acr`) with `value` or `values`, and `essential`; else `acr_values`, which are voluntary. The
 * provider has checked the claims parameter's shape by the time anyone asks.
 */
export function acrRequestOf(params: { claims?: unknown; acr_values?: unknown }): AcrRequest {
  const fromClaims = claimsAcrOf(params.claims);
  if (fromClaims) return fromClaims;
  const listed = typeof params.acr_values === 'string' ? params.acr_values.split(' ').filter(Boolean) : [];
  return { values: listed, essential: false };
}

function claimsAcrOf(claims: unknown): AcrRequest | null {
  let parsed: unknown = claims;
  if (typeof claims === 'string') {
    try {
      parsed = JSON.parse(claims);
    } catch {
      return null;
    }
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { id_token: idToken, userinfo } = parsed as { id_token?: unknown; userinfo?: unknown };
  for (const member of [idToken, userinfo]) {
    const acr = member && typeof member === 'object' ? (member as { acr?: unknown }).acr : undefined;
    if (!acr || typeof acr !== 'object') continue;
    const { value, values, essential } = acr as { value?: unknown; values?: unknown; essential?: unknown };
    const listed = typeof value === 'string' ? [value] : Array.isArray(values) ? values.filter((v) => typeof v === 'string') : [];
    return { values: listed, essential: essential === true };
  }
  return null;
}

/** The application's minimum as the provider's client carries it (provider.ts clientMetadata). */
export function minimumOf(client: unknown): AcrValue | null {
  const minimum = (client as { gatehouse_minimum_acr?: unknown } | undefined)?.gatehouse_minimum_acr;
  return isAcrValue(minimum) ? minimum : null;
}

/** What the request and the application ask of the sign-in. */
export const demandOf = (request: AcrRequest, minimum: AcrValue | null): AcrDemand => acrDemand(request.values, request.essential, minimum);

/**
 * Where a session with methods `sessionAmr` stands with a request: `assert` the acr to give it, or
 * `raise`: the level to ask the person for, and the floor the session is below (null when it meets the
 * floor, so that a voluntary level the person cannot reach is passed over).
 */
export function acrOutcome(
  demand: AcrDemand,
  sessionAmr: readonly string[],
): { kind: 'assert'; acr: AcrValue } | { kind: 'raise'; aim: AcrValue; floor: AcrValue | null } {
  const held = acrOfAmr(sessionAmr);
  if (demand.aim && !acrSatisfies(held, demand.aim))
    return { kind: 'raise', aim: demand.aim, floor: demand.floor && !acrSatisfies(held, demand.floor) ? demand.floor : null };
  return { kind: 'assert', acr: acrToAssert(held, demand.acceptable) };
}

/** The acr to assert for a session that did not reach a voluntary level. */
export const acrHeld = (demand: AcrDemand, sessionAmr: readonly string[]): AcrValue => acrToAssert(acrOfAmr(sessionAmr), demand.acceptable);
