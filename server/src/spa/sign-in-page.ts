/**
 * The sign-in page's HTML with the page already rendered (web/src/server-render.tsx, built into
 * web/dist-ssr/ by `npm run build`): what a signed-out browser gets for `/`, so that the organisation's
 * name, logo and form paint before the script runs. One rendering per organisation, language and variant, kept
 * until the organisation's public settings change (they are the key), with its brotli and gzip copies.
 * The page carries its stylesheets inline (the SPA's, read once from the build, and the organisation's
 * theme), so the first paint waits for no other request: on a phone's 150 ms round trip that is the
 * difference between one and two round trips before the form shows (bench/README.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import type { Locale } from '@gatehouse/common/i18n/locales';
import { NOT_SENT_PARAMETER } from '@gatehouse/common/routes';
import type { PublicOrganisation } from '@gatehouse/common/schemas/organisation';

import { withLanguage } from '../http/language.ts';

type Render = (template: string, organisation: PublicOrganisation, location: string, locale: Locale) => Promise<string>;

export interface RenderedPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

interface Entry {
  key: string;
  page: Promise<RenderedPage>;
}

/** Kept renderings at most: a few KB each (three copies of one page). */
const CACHE_SIZE = 2000;

export class SignInPages {
  readonly #template: string;
  readonly #render: Render;
  readonly #cache = new Map<string, Entry>();

  private constructor(template: string, render: Render) {
    this.#template = template;
    this.#render = render;
  }

  /** The renderer built beside `distDir` (`<distDir>/../dist-ssr/server-render.js`), or null when there is none. */
  static async load(distDir: string): Promise<SignInPages | null> {
    const module = new URL('../dist-ssr/server-render.js', pathToFileURL(distDir.endsWith('/') ? distDir : `${distDir}/`));
    const template = `${distDir}/index.html`;
    if (!existsSync(module) || !existsSync(template)) return null;
    const { renderSignInPage } = (await import(module.href)) as { renderSignInPage: Render };
    return new SignInPages(inlineBuiltStylesheets(readFileSync(template, 'utf8'), distDir), renderSignInPage);
  }

  /**
   * The page for this organisation; `notSent` adds the notice that a form posted before the script ran
   * was not sent; `stylesheet` is the organisation's theme (what `/api/organisation/style` answers).
   */
  page(organisation: PublicOrganisation, notSent: boolean, stylesheet = '', locale: Locale = 'en'): Promise<RenderedPage> {
    const id = `${organisation.id}:${locale}:${notSent ? 'not-sent' : ''}`;
    const key = JSON.stringify([organisation, stylesheet]);
    const cached = this.#cache.get(id);
    if (cached?.key === key) return cached.page;
    const template = withLanguage(
      stylesheet ? this.#template.replace(ORGANISATION_STYLE_LINK, () => inlineStyle(ORGANISATION_STYLE_ID, stylesheet)) : this.#template,
      locale,
    );
    const page = this.#render(template, organisation, notSent ? `/?${NOT_SENT_PARAMETER}=1` : '/', locale).then(compressedPage);
    // A failed rendering is not kept: the next request tries again (the caller sends the plain page meanwhile).
    page.catch(() => this.#cache.get(id)?.page === page && this.#cache.delete(id));
    this.#cache.delete(id);
    this.#cache.set(id, { key, page });
    if (this.#cache.size > CACHE_SIZE) this.#cache.delete(this.#cache.keys().next().value!);
    return page;
  }
}

/** A page with its brotli and gzip copies. */
export function compressedPage(text: string): RenderedPage {
  const html = Buffer.from(text);
  return {
    html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

/** The organisation's stylesheet link of index.html; the SPA (features/organisation/theme.ts) finds it by its id. */
const ORGANISATION_STYLE_ID = 'organisation-style';
const ORGANISATION_STYLE_LINK = /<link id="organisation-style" rel="stylesheet" href="[^"]*"\s*\/?>/;
const BUILT_STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g;

function inlineStyle(id: string | null, css: string): string {
  // Our own build and theme, never a visitor's text; a closing tag would still end the element early.
  if (/<\/style/i.test(css)) throw new Error('a stylesheet to inline holds a closing style tag');
  return `<style${id ? ` id="${id}"` : ''}>${css}</style>`;
}

/** index.html with the build's stylesheet links replaced by their content. */
function inlineBuiltStylesheets(template: string, distDir: string): string {
  return template.replace(BUILT_STYLESHEET_LINK, (_, href: string) => inlineStyle(null, readFileSync(path.join(distDir, href), 'utf8')));
}
