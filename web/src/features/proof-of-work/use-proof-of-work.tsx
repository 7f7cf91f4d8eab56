/**
 * A form's proof-of-work challenge (server/src/http/proof-of-work.ts): asked for when the server answers
 * CHALLENGE_REQUIRED or CHALLENGE_FAILED (or on load, where a form may always ask), shown in a slot of
 * the widget's own height so nothing moves when its code arrives, and renewed after each use, since a
 * solution is taken once.
 */
import type { accountApi } from '@gatehouse/common/api/account';
import { addressOf } from '@gatehouse/common/api/address';
import type { ChallengedForm } from '@gatehouse/common/policy';
import type { ChallengeAnswer } from '@gatehouse/common/schemas/challenge';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';

import { call, isApiError } from '../../api/client.ts';

const challengeAddress = addressOf<typeof accountApi.challenge>({ method: 'GET', path: '/api/challenge' });
const ProofOfWork = lazy(async () => ({ default: (await import('./ProofOfWork.tsx')).ProofOfWork }));
const CHALLENGE_CODES = new Set(['CHALLENGE_REQUIRED', 'CHALLENGE_FAILED']);

/** The form's challenge now (null when it asks for none, or the question could not be put). */
const challengeOf = (form: ChallengedForm) =>
  call(challengeAddress, { query: { form } }).then(
    (answer) => answer.challenge,
    () => null,
  );

export function useProofOfWork(form: ChallengedForm, askOnLoad = false) {
  const [challenge, setChallenge] = useState<ChallengeAnswer['challenge']>(null);
  const [solution, setSolution] = useState<string | null>(null);
  const used = useRef(false);
  const refresh = useCallback(() => {
    setSolution(null);
    void challengeOf(form).then(setChallenge);
  }, [form]);
  useEffect(() => {
    let current = true;
    if (askOnLoad) void challengeOf(form).then((next) => current && setChallenge(next));
    return () => {
      current = false;
    };
  }, [askOnLoad, form]);
  return {
    /** The solution to post with the form, if any; marks it used. */
    take(): string | undefined {
      used.current = solution !== null;
      return solution ?? undefined;
    },
    /** After the form's answer: a challenge asked for, or a solution used, brings a fresh challenge (or none). */
    settle(error?: unknown) {
      const asked = isApiError(error) && CHALLENGE_CODES.has(error.body?.code ?? '');
      if (asked || used.current) refresh();
      used.current = false;
    },
    /** Whether the answer was the challenge's (the password typed is then kept). */
    isChallengeError: (error: unknown) => isApiError(error) && CHALLENGE_CODES.has(error.body?.code ?? ''),
    slot: challenge ? (
      <div className="proof-of-work">
        <Suspense fallback={null}>
          <ProofOfWork key={challenge.signature} challenge={challenge} onSolved={setSolution} />
        </Suspense>
      </div>
    ) : null,
  };
}
