/**
 * The limits by address and by identifier (common/src/policy.ts RATE_LIMITS) through real HTTP, with
 * TRUST_PROXY on, so each test client can speak for another address with X-Forwarded-For: a
 * credential-stuffing run from one address is refused while another address signs in; an identifier
 * is limited whatever addresses it comes from; guessing bearer tokens, SCIM tokens and client secrets is stopped. No 5xx under the flood.
 * The limit across processes, and TRUST_PROXY off, are in limits-processes.int.test.ts. The proof-of-work
 * challenge (http/proof-of-work.ts) is asked after a few failures or a burst of sign-ups, and solved here
 * by altcha-lib's own solver.
 */
import { PROOF_OF_WORK, RATE_LIMITS } from '@gatehouse/common/policy';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertFillerUsers, newOrganisation, organisationId, setPolicy } from '../testing/accounts.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';

const signInLimit = (by: 'address' | 'identifier') => RATE_LIMITS['authenticate']!.find((rule) => rule.by === by)!;
const from = (address: string) => ({ 'x-forwarded-for': address });

describe.each(testDialects())('rate limits on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { config: { rateLimits: true, trustProxy: true } });
    await server.createOrganisation('acme');
    await server.createOrganisation('globex');
  });
  afterAll(() => server?.close());

  const attempt = (org: string, address: string, email: string, password: string) =>
    server.client(org).post('/api/authenticate', { form: { email, password }, headers: from(address) });

  it('refuses a credential-stuffing run over 500 accounts from one address, while another address signs in', async () => {
    await insertFillerUsers(server, await organisationId(server, 'acme'), 500, { prefix: 'stuffed', domain: 'acme.test' });
    const answers = [];
    for (let i = 0; i < 500; i++) answers.push(await attempt('acme', '203.0.113.7', `stuffed${i}@acme.test`, 'Summer2026!'));
    const { limit } = signInLimit('address');
    // A few failures are answered as usual; then a challenge is asked before any password is checked; then the wall.
    const challengedAfter = PROOF_OF_WORK.signInFailuresByAddress.limit;
    expect(answers.slice(0, challengedAfter).map((a) => a.status)).toEqual(Array(challengedAfter).fill(401));
    expect(new Set(answers.slice(challengedAfter, limit).map((a) => a.json<{ code: string }>().code))).toEqual(
      new Set(['CHALLENGE_REQUIRED']),
    );
    const refused = answers.slice(limit);
    expect(new Set(refused.map((a) => a.status))).toEqual(new Set([429]));
    expect(refused[0]!.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many attempts, please wait and try again' });
    const retryAfter = Number(refused[0]!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(signInLimit('address').windowSeconds);

    // Someone else, elsewhere, signs in as usual; the same address at another organisation is not limited there.
    expect((await attempt('acme', '198.51.100.20', 'admin@acme.test', DEFAULT_PASSWORD)).status).toBe(200);
    expect((await attempt('globex', '203.0.113.7', 'admin@globex.test', DEFAULT_PASSWORD)).status).toBe(200);
    // The right password from the limited address is refused too: the limit comes before the password is checked.
    expect((await attempt('acme', '203.0.113.7', 'admin@acme.test', DEFAULT_PASSWORD)).status).toBe(429);
  });

  type Challenge = { required: boolean; challenge: Parameters<typeof solveChallenge>[0]['challenge'] | null };
  const challengeOf = async (org: string, address: string, form: 'signIn' | 'signUp') => {
    const res = await server.client(org).get(`/api/challenge?form=${form}`, { headers: from(address) });
    expect(res.status).toBe(200);
    return res.json<Challenge>();
  };
  /** The payload the widget posts: base64 of the challenge and its solution (found by altcha-lib's solver). */
  const solved = async (challenge: NonNullable<Challenge['challenge']>) => {
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };
  const signIn = (org: string, address: string, altcha?: string) =>
    server.client(org).post('/api/authenticate', {
      form: { email: `admin@${org}.test`, password: DEFAULT_PASSWORD, ...(altcha ? { altcha } : {}) },
      headers: from(address),
    });

  it('asks an address that failed several sign-ins for a solved challenge, and refuses none, forged, foreign and replayed ones', async () => {
    const org = await newOrganisation(server);
    const other = await newOrganisation(server);
    const address = '203.0.113.60';
    expect(await challengeOf(org, address, 'signIn')).toEqual({ required: false, challenge: null });
    for (let i = 0; i < PROOF_OF_WORK.signInFailuresByAddress.limit; i++)
      expect((await attempt(org, address, `nobody${i}@${org}.test`, 'wrong password here')).status).toBe(401);

    // Asked before the password is checked: even the right password is not enough now, from this address only.
    const missing = await signIn(org, address);
    expect(missing.status).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'CHALLENGE_REQUIRED', message: 'Please confirm you are not a robot, then try again' });
    expect((await challengeOf(org, '198.51.100.60', 'signIn')).required).toBe(false);
    expect((await signIn(org, '198.51.100.60')).status).toBe(200);

    const { required, challenge } = await challengeOf(org, address, 'signIn');
    expect(required).toBe(true);
    const failed = async (altcha: string) => {
      const res = await signIn(org, address, altcha);
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({ code: 'CHALLENGE_FAILED' });
    };
    // Signed with another key; one changed after signing (for the sign-up form); another organisation's; not a payload at all.
    const forged = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      counter: 10,
      deriveKey,
      data: challenge!.parameters.data!,
      expiresAt: challenge!.parameters.expiresAt!,
      hmacSignatureSecret: 'guessed',
    });
    await failed(await solved(forged as never));
    const retargeted = { ...challenge!, parameters: { ...challenge!.parameters, data: { ...challenge!.parameters.data, form: 'signUp' } } };
    await failed(await solved(retargeted));
    await failed(await solved(await issueElsewhere(other)));
    await failed('bm90IGEgcGF5bG9hZA==');

    // A real solution is accepted once; the same solution again is refused.
    const payload = await solved(challenge!);
    expect((await signIn(org, address, payload)).status).toBe(200);
    await failed(payload);
  });

  /** A challenge of another organisation's sign-up form (which that organisation asks of every sign-up). */
  async function issueElsewhere(org: string) {
    await setPolicy(server, org, { require_sign_up_challenge: true });
    const { challenge } = await challengeOf(org, '203.0.113.60', 'signUp');
    return challenge!;
  }

  it('asks every sign-up for a challenge where the organisation requires it, and a burst of sign-ups from one address otherwise', async () => {
    const always = await newOrganisation(server, { require_sign_up_challenge: true });
    const signUp = (org: string, address: string, email: string, altcha?: string) =>
      server.client(org).post('/api/signup', { form: { email, consent: 'true', ...(altcha ? { altcha } : {}) }, headers: from(address) });
    expect((await signUp(always, '192.0.2.70', 'new@example.test')).json()).toMatchObject({ code: 'CHALLENGE_REQUIRED' });
    const { challenge } = await challengeOf(always, '192.0.2.70', 'signUp');
    expect((await signUp(always, '192.0.2.70', 'new@example.test', await solved(challenge!))).status).toBe(200);
    // A challenge of the sign-in form does not open the sign-up form.
    const signInChallenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      counter: 10,
      deriveKey,
      hmacSignatureSecret: 'x',
    });
    expect((await signUp(always, '192.0.2.70', 'other@example.test', await solved(signInChallenge as never))).status).toBe(400);

    const bursty = await newOrganisation(server);
    const { limit } = PROOF_OF_WORK.signUpsByAddress;
    for (let i = 0; i < limit; i++) expect((await signUp(bursty, '192.0.2.71', `person${i}@example.test`)).status).toBe(200);
    expect((await signUp(bursty, '192.0.2.71', 'one-more@example.test')).json()).toMatchObject({ code: 'CHALLENGE_REQUIRED' });
    expect((await signUp(bursty, '192.0.2.72', 'elsewhere@example.test')).status).toBe(200);
    const burst = await challengeOf(bursty, '192.0.2.71', 'signUp');
    expect((await signUp(bursty, '192.0.2.71', 'one-more@example.test', await solved(burst.challenge!))).status).toBe(200);
  });

  it('limits one identifier whatever addresses it is tried from, and counts it however it is spelt', async () => {
    // The account's own cooldown and lockout off, so that only the limit can refuse.
    await setPolicy(server, 'globex', { failed_sign_ins_before_cooldown: 0, failed_sign_ins_before_lockout: 0 });
    const { limit } = signInLimit('identifier');
    const statuses = [];
    for (let i = 0; i <= limit; i++) {
      const email = i % 2 ? 'NOBODY@globex.test' : ' nobody@globex.test';
      statuses.push((await attempt('globex', `192.0.2.${i + 1}`, email, 'wrong password here')).status);
    }
    expect(statuses).toEqual([...Array(limit).fill(401), 429]);
    expect((await attempt('globex', '192.0.2.200', 'someone-else@globex.test', 'wrong password here')).status).toBe(401);
  });

  it('stops an address guessing management tokens after a few failures, and only that address', async () => {
    const guess = (address: string, i: number) =>
      server.client('globex').get('/api/users', { headers: { ...from(address), authorization: `Bearer guess-${i}` }, noOrigin: true });
    const statuses = [];
    for (let i = 0; i < 25; i++) statuses.push((await guess('203.0.113.99', i)).status);
    expect(statuses).toEqual([...Array(20).fill(401), ...Array(5).fill(429)]);
    expect((await guess('198.51.100.99', 0)).status).toBe(401);
  });

  it('stops an address guessing SCIM tokens the same way, in SCIM error bodies', async () => {
    const guess = (address: string, i: number) =>
      server.client('globex').get('/scim/v2/Users', { headers: { ...from(address), authorization: `Bearer guess-${i}` }, noOrigin: true });
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await guess('203.0.113.98', i)).status);
    expect(statuses).toEqual([...Array(20).fill(401), 429]);
    const refused = await guess('203.0.113.98', 99);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toMatchObject({ status: '429', detail: 'Too many attempts, please wait and try again' });
    expect((await guess('198.51.100.98', 0)).status).toBe(401);
  });

  it('stops an address failing client authentication at the token endpoint, with the protocol error body', async () => {
    const token = (address: string) =>
      server.client('globex').post('/oidc/token', {
        form: { grant_type: 'client_credentials', client_id: 'no-such-client', client_secret: 'guess' },
        headers: from(address),
        noOrigin: true,
      });
    const statuses = [];
    for (let i = 0; i < 20; i++) statuses.push((await token('203.0.113.97')).status);
    expect(statuses).toEqual(Array(20).fill(401));
    const refused = await token('203.0.113.97');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toEqual({ error: 'temporarily_unavailable', error_description: 'Too many attempts, please wait and try again' });
    expect((await token('198.51.100.97')).status).toBe(401);
  });

  it('counts the addresses of one IPv6 /64 as one caller', async () => {
    const { limit } = RATE_LIMITS['findOrganisation']![0]!;
    const lookup = (address: string) => server.client().get('/api/orgexists?name=acme', { headers: from(address) });
    const statuses = [];
    for (let i = 0; i <= limit; i++) statuses.push((await lookup(`2001:db8:aa:bb::${(i + 1).toString(16)}`)).status);
    expect(statuses).toEqual([...Array(limit).fill(200), 429]);
    expect((await lookup('2001:db8:aa:bc::1')).status).toBe(200);
  });

  it('refuses the other anonymous endpoints past their limits, with Retry-After and never a 5xx', async () => {
    const { limit } = RATE_LIMITS['findOrganisation']![0]!;
    const statuses = [];
    for (let i = 0; i <= limit; i++)
      statuses.push((await server.client().get(`/api/orgexists?name=nothere${i}`, { headers: from('203.0.113.50') })).status);
    expect(statuses.slice(0, limit).every((s) => s < 500 && s !== 429)).toBe(true);
    expect(statuses[limit]).toBe(429);

    const recovery = RATE_LIMITS['startRecovery']!.find((rule) => rule.by === 'address')!;
    const answers = [];
    for (let i = 0; i <= recovery.limit; i++)
      answers.push(
        await server.client('acme').post('/api/accountrecovery', { form: { email: `r${i}@acme.test` }, headers: from('203.0.113.51') }),
      );
    expect(answers.slice(0, recovery.limit).map((a) => a.status)).toEqual(Array(recovery.limit).fill(204));
    expect(answers[recovery.limit]!.status).toBe(429);
    expect(answers[recovery.limit]!.headers['retry-after']).toMatch(/^\d+$/);
  });
});
