import { describe, expect, it } from 'vitest';

import type { SessionRow } from '../db/schema.ts';
import { PASSKEY_AMR, PASSWORDLESS_AMR, RECOVERY_CODE_AMR } from './amr.ts';
import { signInMethods, summariseSession } from './devices.ts';

describe('how a session was signed in, from its amr', () => {
  it('names the first factor and a second step', () => {
    expect(signInMethods(['pwd'])).toEqual(['password']);
    expect(signInMethods(['pwd', 'otp', 'mfa'])).toEqual(['password', 'two-step']);
    expect(signInMethods(RECOVERY_CODE_AMR)).toEqual(['password', 'two-step']);
    // A passkey as the second step, and a passkey alone (which is both factors in one).
    expect(signInMethods(PASSKEY_AMR)).toEqual(['password', 'two-step']);
    expect(signInMethods(PASSWORDLESS_AMR)).toEqual(['passkey']);
    expect(signInMethods(['fed'])).toEqual(['connection']);
    expect(signInMethods(['fed', 'mfa'])).toEqual(['connection', 'two-step']);
  });
});

describe('a session as the lists show it', () => {
  const row: SessionRow = {
    id: 'hash',
    organisation_id: 'org',
    user_id: 'user',
    created_at: 1,
    last_seen_at: 2,
    expires_at: 3,
    amr: '["pwd"]',
    user_agent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    public_id: 'public',
    address: '203.0.113.9',
  };

  it('parses the browser and system, names it by its public id and marks the asking browser', () => {
    expect(summariseSession(row, 'hash')).toEqual({
      id: 'public',
      browser: 'Mobile Safari 18',
      system: 'iOS 18.1',
      address: '203.0.113.9',
      firstSeen: 1,
      lastSeen: 2,
      methods: ['password'],
      current: true,
    });
    expect(summariseSession({ ...row, user_agent: null }, null)).toMatchObject({ browser: null, system: null, current: false });
  });
});
