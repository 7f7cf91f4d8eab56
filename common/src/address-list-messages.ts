/** The texts of the organisation's address lists: addresses and ranges always allowed and always refused. */
export const ADDRESS_LIST_MESSAGES = {
  heading: 'Address lists',
  intro:
    'Addresses or ranges always allowed (an office, a monitoring probe) are never limited or challenged; addresses always refused cannot reach sign-in at all. Refused wins over allowed.',
  allowedLabel: 'Always allowed',
  refusedLabel: 'Always refused',
  hint: 'One IPv4 or IPv6 address or CIDR range a line, such as 192.0.2.0/24 or 2001:db8::/32.',
  save: 'Update address lists',
  saved: 'Address lists saved',
  refused: 'Requests from your address are not accepted by this organisation',
  validation: {
    notARange: (entry: string) => `${entry} is not an IPv4 or IPv6 address or CIDR range`,
    tooMany: (max: number) => `At most ${max} entries`,
    duplicate: (entry: string) => `${entry} is listed twice`,
  },
} as const;
