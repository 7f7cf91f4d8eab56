/**
 * Issue 31, the design step: every page draws its type and spacing from the scales in web/src/theme/base.css
 * (--text-*, --space-*, --control-padding-*), not from sizes of its own. A rem or px size in a
 * font-size, margin, padding or gap fails here, with the file and line; hairlines up to 4px
 * (borders, a pill's 2px) and em sizes (relative to the text around) are allowed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

// A static check of web/src's stylesheets, kept here because the SPA's own tests may not read files
// (web/ imports no Node module) and Vitest hands a test an empty string for a CSS import.
const WEB_SRC = fileURLToPath(new URL('../web/src/', import.meta.url));
const cssFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
const PROPERTY = /^\s*(font-size|margin(?:-[a-z]+)?|padding(?:-[a-z]+)?|gap|row-gap|column-gap|scroll-margin-top):\s*([^;]+);/;

/** The sizes in a declaration's value that are not on a scale: rem, and px above a hairline, outside var(). */
function offScale(property: string, value: string): string[] {
  const bare = value.replace(/var\([^)]*\)/g, '');
  const sizes = bare.match(/-?\d*\.?\d+(?:rem|px)\b/g) ?? [];
  return sizes.filter((size) => {
    if (property === 'font-size') return true;
    return size.endsWith('rem') || Math.abs(parseFloat(size)) > 4;
  });
}

describe('type and spacing scales', () => {
  it('tells sizes on the scales from sizes off them', () => {
    expect(offScale('font-size', '1.125rem')).toEqual(['1.125rem']);
    expect(offScale('font-size', 'var(--text-sm)')).toEqual([]);
    expect(offScale('font-size', '0.875em')).toEqual([]);
    expect(offScale('padding', '0.625rem var(--space-3)')).toEqual(['0.625rem']);
    expect(offScale('margin', 'calc(-1 * var(--space-2)) 0 16px')).toEqual(['16px']);
    expect(offScale('padding-left', 'calc(var(--control-padding-x) - 4px)')).toEqual([]);
    expect(offScale('margin', '-1px')).toEqual([]);
  });

  it('is what every stylesheet of the SPA uses for font sizes, margins, paddings and gaps', () => {
    const files = cssFiles(WEB_SRC).map((file) => [path.relative(WEB_SRC, file), readFileSync(file, 'utf8')] as const);
    expect(files.length).toBeGreaterThan(10);
    expect(files.find(([file]) => file === path.join('theme', 'base.css'))?.[1]).toContain('--space-1');
    const found = files.flatMap(([file, text]) =>
      text.split('\n').flatMap((line, index) => {
        const match = PROPERTY.exec(line);
        if (!match) return [];
        const sizes = offScale(match[1]!, match[2]!);
        return sizes.length ? [`${file}:${index + 1} ${match[1]}: ${sizes.join(' ')}`] : [];
      }),
    );
    expect(found).toEqual([]);
  });
});
