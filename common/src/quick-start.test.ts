import { describe, expect, it } from 'vitest';

import {
  PLACEHOLDER_REDIRECT_URI,
  QUICK_START_FRAMEWORKS,
  QUICK_START_MESSAGES as M,
  quickStarts,
  SECRET_VARIABLE,
} from './quick-start.ts';

const base = {
  issuer: 'https://acme.example.com',
  clientId: 'c7a1e3f0-1111-4222-8333-944445555666',
  tokenEndpointAuthMethod: 'client_secret_basic',
  redirectURIs: ['com.example.app:/cb', 'https://notes.example.com/auth/callback'],
} as const;

describe('quick starts', () => {
  it('gives every framework with the issuer, the client id and the first web redirect URI filled in', () => {
    const all = quickStarts({ ...base, clientType: 'confidential' });
    expect(all.map((q) => q.framework)).toEqual([...QUICK_START_FRAMEWORKS]);
    for (const q of all) {
      expect(q.code).toContain(base.issuer);
      expect(q.code).toContain(base.clientId);
      // Auth.js has its own callback path; the others use the registered one.
      if (q.framework === 'nextjs') expect(q.code).not.toContain('/auth/callback"');
      else if (q.framework !== 'aspnet') expect(q.code).toContain('https://notes.example.com/auth/callback');
      else expect(q.code).toContain('"/auth/callback"');
    }
  });

  it('reads the secret from the environment for a confidential application, and has none for a public one', () => {
    for (const q of quickStarts({ ...base, clientType: 'confidential' }).filter((q) => q.framework !== 'react')) {
      expect(q.code, q.framework).toContain(SECRET_VARIABLE);
      expect(q.notes).toContain(M.secretNote);
    }
    for (const q of quickStarts({ ...base, clientType: 'public' })) {
      expect(q.code, q.framework).not.toContain(SECRET_VARIABLE);
      expect(q.notes).toContain(M.publicNote);
    }
    // A single-page application cannot keep a secret: a confidential one is told to change its type.
    expect(quickStarts({ ...base, clientType: 'confidential' }).find((q) => q.framework === 'react')!.notes[0]).toBe(M.spaNeedsPublic);
  });

  it('follows client_secret_post, and says so when the method is a JWT one', () => {
    const post = quickStarts({ ...base, clientType: 'confidential', tokenEndpointAuthMethod: 'client_secret_post' });
    expect(post.find((q) => q.framework === 'express')!.code).toContain('client.ClientSecretPost()');
    expect(post.find((q) => q.framework === 'python')!.code).toContain('token_endpoint_auth_method="client_secret_post"');
    expect(post.find((q) => q.framework === 'go')!.code).toContain('oauth2.AuthStyleInParams');
    const jwt = quickStarts({ ...base, clientType: 'confidential', tokenEndpointAuthMethod: 'private_key_jwt' });
    expect(jwt[2]!.notes).toContain(M.jwtNote('private_key_jwt'));
  });

  it('asks to register a redirect URI when the application has no web one', () => {
    const [, react] = quickStarts({ ...base, clientType: 'public', redirectURIs: [] });
    expect(react!.code).toContain(PLACEHOLDER_REDIRECT_URI);
    expect(react!.notes).toContain(M.registerRedirect(PLACEHOLDER_REDIRECT_URI));
  });
});
