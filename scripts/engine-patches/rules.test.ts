import { describe, expect, it } from 'vitest';

import { PATCH_MODULE, patchesIn } from './rules.ts';

describe('the engine-patch check', () => {
  it('finds replaced methods, internal imports and matched error sentences outside the patch module', () => {
    const source = [
      "import instance from 'oidc-provider/lib/helpers/weak_cache.js';",
      '(provider.Client.prototype as unknown as { includeSid(): boolean }).includeSid = () => true;',
      'clientPrototype.compareClientSecret = function compare() {};',
      'provider.ReplayDetection.unique = claim;',
      'const model = provider.AccessToken.prototype as unknown as { save(): Promise<string> };',
      "if (body.error_description === 'no client authentication mechanism provided') {}",
      "body.error_description?.endsWith('is not allowed for this client');",
      'const same = provider.Client.prototype.includeSid === other;',
      "provider.use(corrections); provider.on('grant.error', remember);",
      'const found = await (provider.Session as unknown as { find(id: string): Promise<unknown> }).find(id);',
      'for (const model of [provider.AccessToken, provider.ClientCredentials] as unknown as Finder[]) {}',
    ].join('\n');
    expect(patchesIn('oidc/provider.ts', source).map((f) => [f.line, f.rule])).toEqual([
      [1, 'imports an engine internal'],
      [2, 'replaces an engine method'],
      [3, 'replaces an engine method'],
      [4, 'replaces an engine method'],
      [5, 'reaches into an engine class'],
      [6, "matches the engine's error sentences"],
      [7, "matches the engine's error sentences"],
      [11, 'reaches into an engine class'],
    ]);
    expect(patchesIn(PATCH_MODULE, source).map((f) => f.line)).toEqual([6, 7]);
  });
});
