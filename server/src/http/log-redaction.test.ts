import { describe, expect, it } from 'vitest';

import { REDACTED, redactUrl } from './log-redaction.ts';

describe('redactUrl (issue 19: link tokens were written to the log)', () => {
  it('replaces the values of every link token parameter, whatever its case', () => {
    for (const name of ['invitationID', 'verificationID', 'resetID', 'signupid', 'token', 'INVITATIONID', 'SignUpId']) {
      const secret = 'q8Zc3mWk0v-secret-token';
      const redacted = redactUrl(`/completesignup?a=1&${name}=${secret}&b=2`);
      expect(redacted).toBe(`/completesignup?a=1&${name}=${REDACTED}&b=2`);
      expect(redacted).not.toContain(secret);
    }
  });

  it('redacts protocol secrets and hints but keeps other parameters and the path', () => {
    const url = '/oidc/auth?client_id=app&login_hint=ada%40acme.test&id_token_hint=eyJ.x.y&state=s1&code=abc';
    expect(redactUrl(url)).toBe(`/oidc/auth?client_id=app&login_hint=${REDACTED}&id_token_hint=${REDACTED}&state=s1&code=${REDACTED}`);
  });

  it('redacts the SAML handover token of the assertion consumer URL (issue 39: it was logged in clear)', () => {
    const secret = 'V3ry-s3cret-handover';
    const redacted = redactUrl(`/saml/c1/acs?response=${secret}`);
    expect(redacted).toBe(`/saml/c1/acs?response=${REDACTED}`);
    expect(redacted).not.toContain(secret);
  });

  it('redacts a parameter whose name is percent-encoded or repeated', () => {
    expect(redactUrl('/verifyemail?verification%49D=abc&verificationID=def')).toBe(
      `/verifyemail?verification%49D=${REDACTED}&verificationID=${REDACTED}`,
    );
  });

  it('leaves URLs without secrets as they are, and drops names it cannot read', () => {
    expect(redactUrl('/api/users?page=2&search=ad')).toBe('/api/users?page=2&search=ad');
    expect(redactUrl('/dashboard')).toBe('/dashboard');
    expect(redactUrl('/x?%E0%A4%A=1')).toBe(`/x?${REDACTED}=${REDACTED}`);
  });
});
