import { MFA } from '@gatehouse/common/mfa';
import { MFA_MESSAGES } from '@gatehouse/common/mfa-messages';
import { useEffect, useState } from 'react';

export type SendState = 'unsent' | 'sent' | 'waiting' | 'resendable';

const LABELS: Record<SendState, string> = {
  unsent: MFA_MESSAGES.sendCode,
  sent: MFA_MESSAGES.codeSent,
  waiting: MFA_MESSAGES.resendCode,
  resendable: MFA_MESSAGES.resendCode,
};

/**
 * The spec's send button: 'Send code'; after sending 'Code sent' and disabled; after 60 seconds
 * 'Resend code' again. The server refuses a new code within the same minute too: a refused send leaves
 * 'Resend code' disabled until `until`, when a new code can be asked for.
 */
export function useCodeSender(initial: SendState = 'unsent') {
  const [{ state, until }, set] = useState<{ state: SendState; until: number }>({ state: initial, until: 0 });
  useEffect(() => {
    if (state !== 'sent' && state !== 'waiting') return;
    const timer = window.setTimeout(() => set({ state: 'resendable', until: 0 }), Math.max(0, until - Date.now()));
    return () => window.clearTimeout(timer);
  }, [state, until]);
  return {
    state,
    label: LABELS[state],
    disabled: state === 'sent' || state === 'waiting',
    /** A code was sent at `at` (now unless given). */
    markSent: (at: number = Date.now()) => set({ state: 'sent', until: at + MFA.resendMs }),
    /** The server refused to send one; a new one can be asked for at `at`. */
    markRefused: (at: number) => set({ state: 'waiting', until: at }),
  };
}
