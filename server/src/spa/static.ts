/**
 * Serves the built SPA: hashed assets with a long immutable cache, index.html (no-cache) for every page
 * route (404 status for paths outside the route table or hosts that are no organisation), JSON 404s
 * under /api. The build writes .br and .gz copies of text files (web/vite.config.ts); they are sent by
 * Accept-Encoding with `Vary: Accept-Encoding`. Source maps are never served.
 * A browser without a session cookie gets the sign-in page (`/`) already rendered (sign-in-page.ts). A
 * form posted to a page before its script ran is answered with a redirect to the page, never a 404: its
 * fields stay out of every address and log, and the sign-in page asks to sign in again.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import fastifyStatic from '@fastify/static';
import type { Locale } from '@gatehouse/common/i18n/locales';
import { matchRoute, NOT_SENT_PARAMETER, ROUTES } from '@gatehouse/common/routes';
import type { PublicOrganisation } from '@gatehouse/common/schemas/organisation';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { AppContext } from '../context.ts';
import { errorBody } from '../http/errors.ts';
import { withLanguage } from '../http/language.ts';
import { getAuth, sessionCookieName } from '../http/request-context.ts';
import type { TelemetryRouteConfig } from '../http/telemetry.ts';
import { toPublicOrganisation } from '../organisations/model.ts';
import { organisationStylesheet } from '../organisations/style.ts';
import { compressedPage, type RenderedPage, SignInPages } from './sign-in-page.ts';

/** Where the build puts its hashed files (Vite's assetsDir). */
const ASSETS_PATH = '/assets';

export const WEB_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

export async function registerSpa(app: FastifyInstance, ctx: AppContext, distDir = WEB_DIST): Promise<void> {
  const built = existsSync(`${distDir}/index.html`);
  const signInPages = built ? await SignInPages.load(distDir) : null;
  const indexHtml = indexPages(distDir);
  if (built) {
    // Each file is a route of its own: the hashed assets are counted as one, or every release would add labels.
    const asOne: TelemetryRouteConfig = { telemetryRoute: `${ASSETS_PATH}/*` };
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith(`${ASSETS_PATH}/`)) route.config = { ...route.config, ...asOne } as typeof route.config;
    });
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      preCompressed: true,
      allowedPath: (pathname) =>
        pathname !== '/index.html' && !pathname.endsWith('.map') && !pathname.endsWith('.br') && !pathname.endsWith('.gz'),
      setHeaders: (res, filePath) => {
        const cacheControl = filePath.includes('/assets/')
          ? 'public, max-age=31536000, immutable'
          : /\/index\.html(\.br|\.gz)?$/.test(filePath)
            ? 'no-cache'
            : 'public, max-age=3600';
        res.header('cache-control', cacheControl);
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const [pathname = '/', query = ''] = request.url.split('?', 2);
    if (request.method === 'POST' && request.organisation && matchRoute(pathname)) {
      // The page's own form, submitted by the browser before the script took it over. Nothing of the
      // body is read or kept; the page is shown again (the sign-in page with a notice) by a GET.
      const params = new URLSearchParams(query);
      params.set(NOT_SENT_PARAMETER, '1');
      return reply.header('cache-control', 'no-store').redirect(`${pathname}?${params.toString()}`, 303);
    }
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api';
    if (!wantsPage) return reply.code(404).send(errorBody('NOT_FOUND', request.id));
    const known = request.organisation !== null && matchRoute(pathname) !== null;
    reply.code(known ? 200 : 404).header('cache-control', 'no-cache');
    if (!built) {
      return reply
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).\n');
    }
    if (signInPages && known && pathname === ROUTES.home.path && !request.cookies[sessionCookieName(ctx)]) {
      const org = request.organisation!;
      const rendered = await signInPage(
        signInPages,
        toPublicOrganisation(ctx.config, org),
        organisationStylesheet(org.row),
        query,
        request.log,
        request.locale,
      );
      if (rendered) return sendPage(request, reply, rendered);
    }
    // A signed-in person's page speaks their own language; a session that cannot be read now leaves the browser's.
    if (request.cookies[sessionCookieName(ctx)]) await getAuth(ctx, request).catch(() => null);
    return sendPage(request, reply, indexHtml(request.locale));
  });
}

/** A page in the encoding the browser accepts; it varies by the language too (Accept-Language, the switcher's cookie). */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage) {
  const accepted = request.headers['accept-encoding'] ?? '';
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  reply.type('text/html; charset=utf-8').header('vary', 'Accept-Encoding, Accept-Language, Cookie');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
}

/** index.html with `<html lang dir>` of the request's language (the SPA loads that language's texts), compressed once per language. */
function indexPages(distDir: string): (locale: Locale) => RenderedPage {
  const pages = new Map<Locale, RenderedPage>();
  return (locale) => {
    let page = pages.get(locale);
    if (page === undefined) {
      page = compressedPage(withLanguage(readFileSync(`${distDir}/index.html`, 'utf8'), locale));
      pages.set(locale, page);
    }
    return page;
  };
}

/** The rendered sign-in page, or null (then the plain page goes out) if rendering failed. */
async function signInPage(
  pages: SignInPages,
  organisation: PublicOrganisation,
  stylesheet: string,
  query: string,
  log: FastifyBaseLogger,
  locale: Locale,
): Promise<RenderedPage | null> {
  try {
    return await pages.page(organisation, new URLSearchParams(query).has(NOT_SENT_PARAMETER), stylesheet, locale);
  } catch (error) {
    log.error({ err: error }, 'the sign-in page could not be rendered on the server');
    return null;
  }
}
