/** What pages pass each other in router state: the referrer to return to and a success banner. */
import { MESSAGES } from '@gatehouse/common/messages';
import { isSafeReturnPath } from '@gatehouse/common/return-path';

// Getters: the texts are read in the page's language when shown, not when this module loads.
export const SUCCESS_BANNERS = {
  get accountDetailsUpdated() {
    return MESSAGES.accountDetailsUpdated;
  },
  get emailVerificationSuccessful() {
    return MESSAGES.emailVerificationSuccessful;
  },
  get alreadySignedUp() {
    return MESSAGES.alreadySignedUp;
  },
};

export interface NavigationState {
  referrer?: string;
  success?: keyof typeof SUCCESS_BANNERS;
  type?: 'recovery' | 'reset';
  /** The account's email, for the sign-in form after recovery. */
  email?: string;
}

function asState(state: unknown): NavigationState {
  return typeof state === 'object' && state !== null ? (state as NavigationState) : {};
}

export function referrerFrom(state: unknown): string | null {
  const referrer = asState(state).referrer;
  return typeof referrer === 'string' && isSafeReturnPath(referrer) && referrer !== '/' ? referrer : null;
}

export function successMessageFrom(state: unknown): string | null {
  const key = asState(state).success;
  return key && key in SUCCESS_BANNERS ? SUCCESS_BANNERS[key] : null;
}

export function emailFrom(state: unknown): string | null {
  const email = asState(state).email;
  return typeof email === 'string' && email !== '' ? email : null;
}
