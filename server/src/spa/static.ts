/**
 * Serves the built SPA: hashed assets with a long cache, index.html for every page route (404 status
 * for paths outside the route table or hosts that are no organisation), JSON 404s under /api.
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
      allowedPath: (pathname) => pathname !== '/index.html',
      setHeaders: (res, filePath) => {
        res.header('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
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
