/**
 * The texts of the proof-of-work challenge on the sign-in and sign-up forms, the ALTCHA widget's labels
 * among them (ICU MessageFormat): the catalog's `challenge.*` keys. The widget's code-challenge and audio
 * texts are never shown (no code challenge is issued, its footer is hidden) and keep its own.
 */
import { liveRecord, liveTexts, textsOf } from './i18n/runtime.ts';

const WIDGET = [
  'label',
  'verifying',
  'verified',
  'error',
  'expired',
  'verificationRequired',
  'waitAlert',
  'loading',
  'reload',
  'verify',
] as const;

export const CHALLENGE_EN = {
  required: 'Please confirm you are not a robot, then try again',
  failed: 'The check could not be confirmed, please try it again',
  'widget.label': "I'm not a robot",
  'widget.verifying': "Checking that I'm not a robot…",
  'widget.verified': "Confirmed: I'm not a robot",
  'widget.error': 'The check failed, please try again',
  'widget.expired': 'The check expired, please try again',
  'widget.verificationRequired': 'Please wait until the check is done',
  'widget.waitAlert': 'Checking, please wait…',
  'widget.loading': 'Loading…',
  'widget.reload': 'Try again',
  'widget.verify': 'Check',
} as const;

const t = textsOf('challenge', CHALLENGE_EN);

export const CHALLENGE_MESSAGES = liveTexts('challenge', CHALLENGE_EN, {
  widget: liveRecord(WIDGET, (key) => t(`widget.${key}`)),
});
