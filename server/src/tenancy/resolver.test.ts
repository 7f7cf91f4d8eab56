import { describe, expect, it } from 'vitest';

import { organisationNameForHost } from './resolver.ts';

describe('organisationNameForHost', () => {
  it('maps the base hostname to the base organisation and one label below it to that organisation', () => {
    expect(organisationNameForHost('localhost', 'localhost')).toBe('');
    expect(organisationNameForHost('localhost:3000', 'localhost')).toBe('');
    expect(organisationNameForHost('acme.localhost:3000', 'localhost')).toBe('acme');
    expect(organisationNameForHost('ACME.Localhost', 'localhost')).toBe('acme');
    expect(organisationNameForHost('acme.id.example.com', 'id.example.com')).toBe('acme');
  });

  it('knows nothing of other hosts', () => {
    for (const host of [
      undefined,
      '',
      'evil.test',
      'a.acme.localhost',
      'notlocalhost',
      '-x.localhost',
      'acme.localhost:3000\r\nx: y',
      'acme.localhost@evil',
      '[::1]:3000',
    ]) {
      expect(organisationNameForHost(host, 'localhost')).toBeNull();
    }
  });
});
