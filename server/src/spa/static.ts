/**
 * Serves the built SPA: hashed assets with a long immutable cache, index.html (no-cache) for every page
 * route (404 status for paths outside the route table or hosts that are no organisation), JSON 404s
 * under /api. The build writes .br and .gz copies of text files (web/vite.config.ts); they are sent by
 * Accept-Encoding with `Vary: Accept-Encoding`. Source maps are never served.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { matchRoute } from '@gatehouse/common/routes';
import { errorBody } from '../http/errors.ts';

export const WEB_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

export async function registerSpa(app: FastifyInstance, distDir = WEB_DIST): Promise<void> {
  const built = existsSync(`${distDir}/index.html`);
  if (built) {
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
    const pathname = request.url.split('?')[0]!;
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api';
    if (!wantsPage) return reply.code(404).send(errorBody('NOT_FOUND', request.id));
    const known = request.organisation !== null && matchRoute(pathname) !== null;
    reply.code(known ? 200 : 404).header('cache-control', 'no-cache');
    if (!built) {
      return reply
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).\n');
    }
    return reply.sendFile('index.html', distDir);
  });
}
