import { describe, expect, it } from 'vitest';

import { BASE_SIGNUP_MESSAGES } from '../base-signup-messages.ts';
import { CHALLENGE_MESSAGES } from '../challenge-messages.ts';
import { CONNECTION_MESSAGES } from '../connection-messages.ts';
import { HELP_MESSAGES } from '../help-messages.ts';
import { prepareLocale } from './load.ts';
import { withLocale } from './runtime.ts';

describe('the public and sign-up side’s texts', () => {
  it('keep the spec’s English, with the policy’s numbers filled in', () => {
    expect(BASE_SIGNUP_MESSAGES.getStarted).toBe('Get started');
    expect(BASE_SIGNUP_MESSAGES.checkYourEmail('ann@example.com')).toBe(
      "We've sent a link to ann@example.com. Follow it to choose your organisation's name. The link works for 1 day.",
    );
    expect(BASE_SIGNUP_MESSAGES.demoNotice(48)).toBe('This is a demo organisation: it and everything in it is deleted after 2 days.');
    expect(HELP_MESSAGES.recovery[0]).toContain("Choose 'Forgot password?' on the sign-in page");
    expect(HELP_MESSAGES.messageHint).toBe('Up to 500 characters.');
    expect(CONNECTION_MESSAGES.passwordNotAllowed('Okta')).toBe(
      'Your organisation signs you in with Okta. Use "Continue with Okta" instead of a password.',
    );
    expect(CONNECTION_MESSAGES.refusals.expired).toBe('The sign-in took too long or was started in another browser. Please start again.');
    // The connections screen's own texts are not in the catalog yet and stay plain English.
    expect(CONNECTION_MESSAGES.screenTitle).toBe('Sign-in connections');
  });

  it('read in the active language, plurals of the lifetime included', async () => {
    await prepareLocale('de');
    await prepareLocale('ja');
    expect(withLocale('de', () => BASE_SIGNUP_MESSAGES.getStarted)).toBe('Jetzt starten');
    expect(withLocale('de', () => BASE_SIGNUP_MESSAGES.demoNotice(24))).toBe(
      'Dies ist eine Demo-Organisation: Sie besteht 1 Tag lang und wird dann samt ihrem gesamten Inhalt gelöscht.',
    );
    expect(withLocale('de', () => BASE_SIGNUP_MESSAGES.demoNotice(72))).toContain('3 Tage lang');
    expect(withLocale('de', () => HELP_MESSAGES.freePackage[0])).toContain('bis zu 50 registrierte Benutzer');
    expect(withLocale('ja', () => HELP_MESSAGES.title)).toBe('ヘルプ');
    // The proof-of-work widget's labels too (features/proof-of-work/altcha-widget.ts hands them to it).
    expect(withLocale('de', () => CHALLENGE_MESSAGES.widget.label)).toBe('Ich bin kein Roboter');
    expect(withLocale('ja', () => CHALLENGE_MESSAGES.required)).toBe('ロボットではないことを確認してから、もう一度お試しください');
    expect(withLocale('ja', () => CONNECTION_MESSAGES.continueWith('Okta'))).toBe('Okta で続行');
    expect(withLocale('ja', () => CONNECTION_MESSAGES.refusals.unavailable)).toBe(
      'ID プロバイダーに接続できませんでした。しばらくしてからもう一度お試しください。',
    );
    expect(HELP_MESSAGES.title).toBe('Help');
  });
});
