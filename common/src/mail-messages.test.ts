import { describe, expect, it } from 'vitest';

import { lifetime } from './mail-messages.ts';

describe('link lifetimes in email', () => {
  it('says whole days as days and anything else in hours', () => {
    expect(lifetime(168)).toBe('7 days');
    expect(lifetime(24)).toBe('1 day');
    expect(lifetime(36)).toBe('36 hours');
    expect(lifetime(1)).toBe('1 hour');
  });
});
