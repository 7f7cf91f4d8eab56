/**
 * The path of the provider's sign-in hand-over for one pending authorization request, or of a SAML
 * sign-in's continue address, which the sign-in page, /redirecting and the client steps carry as the
 * "redirect URL"; its query names the client. Both are left by a full navigation: the server answers them,
 * the SPA has no page there. Kept in a module of its own: the sign-in page's first load imports it.
 */
export const CLIENT_SIGN_IN_PATH =
  /^\/(?:oidc\/interaction\/[A-Za-z0-9_-]{10,64}\/finish|saml-idp\/continue\/[A-Za-z0-9_-]{10,64})\?client_id=([A-Za-z0-9_-]{1,64})$/;

/** The client id of a redirect URL of a pending application sign-in, or null when it is not one. */
export function clientIdOfRedirectUrl(value: string | null | undefined): string | null {
  const match = value ? CLIENT_SIGN_IN_PATH.exec(value) : null;
  return match ? match[1]! : null;
}
