/**
 * Refuses a NUL character anywhere in a request's input, once, before any handler: no form field
 * ever legitimately holds one, PostgreSQL cannot store one in text (it would be a 500), and C-based
 * consumers (mail transports, logs) may truncate at it.
 */
import type { FastifyInstance } from 'fastify';

import { AppError } from './errors.ts';

export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

export const NUL_REFUSED = 'The request contains a character that is not allowed';

export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw new AppError('BAD_REQUEST', { message: NUL_REFUSED });
    }
  });
}
