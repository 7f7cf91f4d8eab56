/** The texts of the proof-of-work challenge on the sign-in and sign-up forms (the ALTCHA widget's own labels too). */
export const CHALLENGE_MESSAGES = {
  required: 'Please confirm you are not a robot, then try again',
  failed: 'The check could not be confirmed, please try it again',
  widget: {
    label: "I'm not a robot",
    verifying: "Checking that I'm not a robot…",
    verified: "Confirmed: I'm not a robot",
    error: 'The check failed, please try again',
    expired: 'The check expired, please try again',
    verificationRequired: 'Please wait until the check is done',
    waitAlert: 'Checking, please wait…',
    loading: 'Loading…',
    reload: 'Try again',
    verify: 'Check',
    footer: 'Checked on this device, nothing is sent elsewhere',
    ariaLinkLabel: 'About this check',
    enterCode: 'Enter the code',
    enterCodeAria: 'Enter the code you hear',
    getAudioChallenge: 'Hear the code',
  },
} as const;
