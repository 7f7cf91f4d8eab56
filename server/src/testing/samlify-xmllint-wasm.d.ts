/** @authenio/samlify-xmllint-wasm ships no types: samlify's schema validator, xmllint compiled to WebAssembly. */
declare module '@authenio/samlify-xmllint-wasm' {
  /** Resolves when `xml` validates against the SAML 2.0 protocol schema; rejects otherwise. */
  export function validate(xml: string): Promise<true>;
}
