/**
 * The base sign-up this tab is in the middle of: /getstarted (from the emailed link) and /demo start
 * it, /signuporganisation finishes it. Kept for the tab only, like the application redirect URL.
 */
import { baseSignUpId } from '@gatehouse/common/schemas/base-signup';

const KEY = 'gatehouse.baseSignUpID';

export function rememberBaseSignUp(id: string): void {
  sessionStorage.setItem(KEY, id);
}

/** The id, or null when there is none (or what is stored is no id). */
export function currentBaseSignUp(): string | null {
  const parsed = baseSignUpId.safeParse(sessionStorage.getItem(KEY));
  return parsed.success ? parsed.data : null;
}

export function forgetBaseSignUp(): void {
  sessionStorage.removeItem(KEY);
}
