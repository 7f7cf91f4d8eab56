/** The widget of a form's proof-of-work challenge: solves it on its own once shown, and hands the solution up. */
import type { ChallengeAnswer } from '@gatehouse/common/schemas/challenge';
import type {} from 'altcha/types/react';
import { useEffect, useRef } from 'react';

import './altcha-widget.ts';

export interface ProofOfWorkProps {
  challenge: NonNullable<ChallengeAnswer['challenge']>;
  /** The solved payload to post as the form's `altcha` field, or null while there is none. */
  onSolved: (payload: string | null) => void;
}

export function ProofOfWork({ challenge, onSolved }: ProofOfWorkProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const widget = ref.current;
    if (!widget) return;
    const changed = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string | null }>).detail;
      onSolved(state === 'verified' && payload ? payload : null);
    };
    widget.addEventListener('statechange', changed);
    return () => widget.removeEventListener('statechange', changed);
  }, [onSolved]);
  return (
    <altcha-widget
      ref={ref}
      challenge={JSON.stringify(challenge)}
      auto="onload"
      name="altcha"
      configuration={JSON.stringify({ hideFooter: true, hideLogo: true, workers: 2 })}
    />
  );
}
