import type { z } from 'zod';

import { AppError, validationErrorsFrom } from './errors.ts';

/** Parses a request part with a shared schema; a failure answers 400 with the messages keyed by field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = validationErrorsFrom(result.error);
  const first = Object.values(errors)[0];
  throw new AppError('VALIDATION_FAILED', { errors, ...(first ? { message: first.message } : {}) });
}
