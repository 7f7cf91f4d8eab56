/**
 * The query parameters of emailed links that carry a token, as the SPA finds them on a page's first load
 * (kept apart from the sign-up schemas so that the first load does not bring zod).
 */
export const LINK_TOKEN_PARAMETERS = ['verificationID', 'invitationID', 'resetID', 'signupid'] as const;
