import { useEffect, useState } from 'react';
import { MFA_MESSAGES } from '@gatehouse/common/mfa-messages';
import { MFA } from '@gatehouse/common/mfa';

export type SendState = 'unsent' | 'sent' | 'resendable';

const LABELS: Record<SendState, string> = {
  unsent: MFA_MESSAGES.sendCode,
  sent: MFA_MESSAGES.codeSent,
  resendable: MFA_MESSAGES.resendCode,
};

/**
 * The spec's send button: 'Send code'; after sending 'Code sent' and disabled; after 60 seconds
 * 'Resend code' again. The server refuses a new code within the same minute too.
 */
export function useCodeSender(initial: SendState = 'unsent') {
  const [state, setState] = useState<SendState>(initial);
  useEffect(() => {
    if (state !== 'sent') return;
    const timer = window.setTimeout(() => setState('resendable'), MFA.resendMs);
    return () => window.clearTimeout(timer);
  }, [state]);
  return { state, label: LABELS[state], disabled: state === 'sent', markSent: () => setState('sent') };
}
