import { describe, expect, it } from 'vitest';

import { parseLinkedText, safeLinkHref } from './linked-text.ts';

describe('support message links', () => {
  it('turns [text](url) into links for http, https and mailto', () => {
    expect(parseLinkedText('Read [our guide](https://acme.test/guide) or [email us](mailto:help@acme.test).')).toEqual([
      { text: 'Read ' },
      { text: 'our guide', href: 'https://acme.test/guide' },
      { text: ' or ' },
      { text: 'email us', href: 'mailto:help@acme.test' },
      { text: '.' },
    ]);
    expect(parseLinkedText('[plain](http://acme.test)')).toEqual([{ text: 'plain', href: 'http://acme.test/' }]);
  });

  it('leaves links to any other scheme, and relative links, as literal text', () => {
    for (const source of [
      '[click](javascript:alert(1))',
      '[click](javascript:alert`1`)',
      '[x](data:text/html;base64,PHNjcmlwdD4=)',
      '[x](vbscript:msgbox)',
      '[x](/relative/path)',
      '[x](//evil.test/path)',
      '[x](JaVaScRiPt:alert)',
    ]) {
      expect(
        parseLinkedText(source).every((part) => part.href === undefined),
        source,
      ).toBe(true);
      expect(
        parseLinkedText(source)
          .map((p) => p.text)
          .join(''),
      ).toBe(source);
    }
  });

  it('treats HTML and every other markdown as text', () => {
    const source = '<b>bold</b> **strong** <img src=x onerror=alert(1)> ![image](https://acme.test/x.png)';
    const parts = parseLinkedText(source);
    expect(parts.map((p) => p.text).join('')).toBe(source.replace('![image](https://acme.test/x.png)', '!image'));
    // The image syntax yields an ordinary link to an https URL, never an image.
    expect(parts.filter((p) => p.href)).toEqual([{ text: 'image', href: 'https://acme.test/x.png' }]);
  });

  it('keeps text with no links whole, and newlines as they are', () => {
    expect(parseLinkedText('Line one\nLine two')).toEqual([{ text: 'Line one\nLine two' }]);
    expect(parseLinkedText('')).toEqual([]);
  });

  it('accepts only absolute http(s) and mailto URLs as link targets', () => {
    expect(safeLinkHref('https://acme.test')).toBe('https://acme.test/');
    expect(safeLinkHref('mailto:a@b.test')).toBe('mailto:a@b.test');
    expect(safeLinkHref('ftp://acme.test')).toBeNull();
    expect(safeLinkHref('not a url')).toBeNull();
  });
});
