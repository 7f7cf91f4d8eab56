/**
 * The ALTCHA widget, loaded only when a form asks for a challenge (never with the sign-in page's first
 * load). The `external` build keeps its styles and workers out of inline code, so the strict CSP holds:
 * the PBKDF2 worker is a file of our own origin. Its labels are ours (the English catalog texts).
 */
import { CHALLENGE_MESSAGES } from '@gatehouse/common/challenge-messages';
import { PROOF_OF_WORK } from '@gatehouse/common/policy';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

import 'altcha/external';
import 'altcha/altcha.css';

interface AltchaGlobal {
  algorithms: Map<string, () => Worker>;
  i18n: { get(name: string): Record<string, string> | undefined; set(name: string, value: Record<string, string>): void };
}
const altcha = (globalThis as unknown as { $altcha: AltchaGlobal }).$altcha;
altcha.algorithms.set(PROOF_OF_WORK.algorithm, () => new Pbkdf2Worker());
altcha.i18n.set('en', { ...altcha.i18n.get('en'), ...CHALLENGE_MESSAGES.widget });
