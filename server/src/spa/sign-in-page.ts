/**
 * The sign-in page's HTML with the page already rendered (web/src/server-render.tsx, built into
 * web/dist-ssr/ by `npm run build`): what a signed-out browser gets for `/`, so that the organisation's
 * name, logo and form paint before the script runs. One rendering per organisation and variant, kept
 * until the organisation's public settings change (they are the key), with its brotli and gzip copies.
 */
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { NOT_SENT_PARAMETER } from '@gatehouse/common/routes';
import type { PublicOrganisation } from '@gatehouse/common/schemas/organisation';

type Render = (template: string, organisation: PublicOrganisation, location: string) => Promise<string>;

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
    return new SignInPages(readFileSync(template, 'utf8'), renderSignInPage);
  }

  /** The page for this organisation; `notSent` adds the notice that a form posted before the script ran was not sent. */
  page(organisation: PublicOrganisation, notSent: boolean): Promise<RenderedPage> {
    const id = `${organisation.id}:${notSent ? 'not-sent' : ''}`;
    const key = JSON.stringify(organisation);
    const cached = this.#cache.get(id);
    if (cached?.key === key) return cached.page;
    const page = this.#render(this.#template, organisation, notSent ? `/?${NOT_SENT_PARAMETER}=1` : '/').then((text) => {
      const html = Buffer.from(text);
      return {
        html,
        br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } }),
        gzip: gzipSync(html, { level: 9 }),
      };
    });
    // A failed rendering is not kept: the next request tries again (the caller sends the plain page meanwhile).
    page.catch(() => this.#cache.get(id)?.page === page && this.#cache.delete(id));
    this.#cache.delete(id);
    this.#cache.set(id, { key, page });
    if (this.#cache.size > CACHE_SIZE) this.#cache.delete(this.#cache.keys().next().value!);
    return page;
  }
}
