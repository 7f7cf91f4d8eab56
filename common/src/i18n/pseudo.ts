/**
 * The pseudo-locale `en-XA`: every English text accented, wrapped in ⟦ ⟧ and lengthened by 40%, with
 * its placeholders untouched. A text shown plain in it was not taken from the catalog; a box it
 * overflows is too narrow for longer languages.
 */
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

import { type Catalog, ENGLISH, type TextKey } from './catalog.ts';

const ACCENTS: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  y: 'ý',
  c: 'ç',
  n: 'ñ',
  s: 'š',
  z: 'ž',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ó',
  U: 'Ú',
  Y: 'Ý',
  C: 'Ç',
  N: 'Ñ',
  S: 'Š',
  Z: 'Ž',
};

function accented(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: element.value.replace(/[a-zA-Z]/g, (ch) => ACCENTS[ch] ?? ch) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [key, { ...option, value: accented(option.value) }]),
      );
      return { ...element, options };
    }
    if (element.type === TYPE.tag) return { ...element, children: accented(element.children) };
    return element;
  });
}

/** One English text in the pseudo-locale. */
export function pseudoText(english: string): string {
  const printed = printAST(accented(parse(english)));
  const padding = '·'.repeat(Math.max(Math.ceil(english.length * 0.4), Math.ceil(english.length * 1.4) - printed.length - 2));
  return `⟦${printed}${padding}⟧`;
}

export function pseudoCatalog(): Catalog {
  return Object.fromEntries((Object.keys(ENGLISH) as TextKey[]).map((key) => [key, pseudoText(ENGLISH[key])])) as Catalog;
}
