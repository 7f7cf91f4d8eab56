/**
 * The provider's token and artefact lifetimes, in seconds: constants that import nothing, so the metrics
 * (an interaction's lifetime) read them without loading the provider (oidc/provider.ts uses them).
 */
export const TTL = {
  AccessToken: 15 * 60,
  AuthorizationCode: 60,
  ClientCredentials: 15 * 60,
  IdToken: 60 * 60,
  RefreshToken: 14 * 24 * 60 * 60,
  /** A device code (and its user code) of RFC 8628. */
  DeviceCode: 10 * 60,
  Interaction: 30 * 60,
  /** The provider's mirror of our session lives no longer than the session's absolute lifetime. */
  Session: 12 * 60 * 60,
  Grant: 14 * 24 * 60 * 60,
} as const;
