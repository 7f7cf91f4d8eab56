/** The one internal module of oidc-provider 9 Gatehouse imports (provider-patches.ts acceptAudienceAlias); the version is pinned. */
declare module 'oidc-provider/lib/helpers/weak_cache.js' {
  const instance: (provider: object) => { grantTypeParams?: Map<string | undefined, Set<string>> } | undefined;
  export default instance;
}
