/** The management API's import jobs: start one with a file (answered at once, run after the answer), follow it, download its refused rows. */
import { Readable } from 'node:stream';

import { importsApi } from '@gatehouse/common/api/imports';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { afterResponse } from '../http/after-response.ts';
import { serve } from '../http/contract.ts';
import { AppError } from '../http/errors.ts';
import { exportPeople } from './export-people.ts';
import { getImport, refusedRowsCsv } from './report.ts';
import { runImport, startImport } from './service.ts';

export function importRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, importsApi.start, async ({ body, files }, scope, _request, reply) => {
    const file = files.file;
    if (!file) throw new AppError('BAD_REQUEST', { message: 'Give the file to import (the "file" field).' });
    const job = await startImport(ctx, scope, { ...body, file: file.data });
    afterResponse(reply, async () => {
      await runImport(ctx, scope.organisation, job.id);
    });
    return job;
  });
  serve(app, ctx, importsApi.get, async ({ params }, scope) => getImport(scope, params.id));
  serve(app, ctx, importsApi.refused, async ({ params }, scope, _request, reply) => {
    const csv = await refusedRowsCsv(scope, params.id);
    reply.header('content-disposition', `attachment; filename="refused-rows-${params.id.slice(0, 8)}.csv"`);
    return reply.type('text/csv; charset=utf-8').send(csv);
  });
  serve(app, ctx, importsApi.exportPeople, async ({ query: { format } }, scope, _request, reply) => {
    const name = `people-${scope.organisation.name}-${new Date(ctx.clock.now()).toISOString().slice(0, 10)}.${format}`;
    reply.header('content-disposition', `attachment; filename="${name}"`);
    reply.type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8');
    return reply.send(Readable.from(exportPeople(ctx, scope, format)));
  });
}
