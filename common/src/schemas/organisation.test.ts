import { describe, expect, it } from 'vitest';

import { ORGANISATION_NAME_MESSAGES, organisationName } from './organisation.ts';

describe('organisation names', () => {
  it.each(['acme', 'a', 'acme-corp', 'x1', '9lives', 'ab-c--d'])('accepts %s', (name) => {
    expect(organisationName.parse(name)).toBe(name);
  });

  // Issue 19, finding 9: xn--pypl-53dc.<base> displays as a lookalike of paypal.<base>.
  it.each(['xn--pypl-53dc', 'XN--80ak6aa92e', 'ab--cd'])('refuses %s, whose third and fourth characters are hyphens', (name) => {
    const result = organisationName.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(ORGANISATION_NAME_MESSAGES.punycode);
  });

  it('refuses reserved and malformed names', () => {
    expect(organisationName.safeParse('www').error?.issues[0]?.message).toBe(ORGANISATION_NAME_MESSAGES.reserved);
    expect(organisationName.safeParse('-acme').error?.issues[0]?.message).toBe(ORGANISATION_NAME_MESSAGES.format);
  });
});
