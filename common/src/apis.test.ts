import { describe, expect, it } from 'vitest';

import { protectedResourceMetadataUrl } from './apis.ts';

describe('protectedResourceMetadataUrl (RFC 9728 3.1)', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com/.well-known/oauth-protected-resource'],
    ['https://api.example.com/', 'https://api.example.com/.well-known/oauth-protected-resource'],
    ['https://api.example.com/v1', 'https://api.example.com/.well-known/oauth-protected-resource/v1'],
    ['https://api.example.com/v1/', 'https://api.example.com/.well-known/oauth-protected-resource/v1/'],
    ['https://api.example.com:8443/v1?tenant=a', 'https://api.example.com:8443/.well-known/oauth-protected-resource/v1?tenant=a'],
  ])('puts the well-known path between host and path of %s', (identifier, url) => {
    expect(protectedResourceMetadataUrl(identifier)).toBe(url);
  });

  it.each(['urn:example:orders', 'https://api.example.com/v1#part', 'not a uri'])('has none for %s', (identifier) => {
    expect(protectedResourceMetadataUrl(identifier)).toBeNull();
  });
});
