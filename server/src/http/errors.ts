/** The one error type the server throws, and the handler that turns any error into the spec's failure body. */
import { type ErrorBody, type ErrorCode, ERRORS, type ValidationErrors } from '@gatehouse/common/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodError } from 'zod';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: ValidationErrors;
  /** The account a refused sign-in concerns, for the audit log; never sent to the client. */
  userId: string | undefined;
  /** Sent as Retry-After: how long a refused caller should wait. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, options: { errors?: ValidationErrors; message?: string; retryAfterSeconds?: number } = {}) {
    super(options.message ?? ERRORS[code].message);
    this.code = code;
    this.errors = options.errors ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get statusCode(): number {
    return ERRORS[this.code].status;
  }
}

/** Marks a refused sign-in as concerning this account (the audit log's subject). */
export function concerning(error: AppError, userId: string): AppError {
  error.userId = userId;
  return error;
}

/** A validation failure on one field, with the field's message shown next to it and in the message area. */
export function fieldError(field: string, message: string, code: ErrorCode = 'VALIDATION_FAILED'): AppError {
  return new AppError(code, { errors: { [field]: { message } }, message });
}

export function validationErrorsFrom(error: ZodError): ValidationErrors {
  const errors: ValidationErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'form';
    errors[key] ??= { message: issue.message };
  }
  return errors;
}

const FASTIFY_STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

export function errorBody(code: ErrorCode, correlationId: string, message?: string, errors: ValidationErrors = {}): ErrorBody {
  return { statusCode: ERRORS[code].status, code, message: message ?? ERRORS[code].message, correlationId, validation: { errors } };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send(errorBody(error.code, request.id, error.message, error.errors));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    const code = FASTIFY_STATUS_CODES[status];
    if (code && status < 500) {
      request.log.info({ err: { message: error.message, code: error.code } }, 'request refused');
      return reply.code(status).send(errorBody(code, request.id));
    }
    // Anything else is ours to fix; the client learns nothing of it but the correlation id.
    request.log.error({ err: error }, 'unexpected error');
    const unavailable = isDatabaseUnavailable(error);
    if (unavailable) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return reply.code(unavailable ? 503 : 500).send(errorBody(unavailable ? 'UNAVAILABLE' : 'INTERNAL', request.id));
  });
}

/** What a client is told to wait before retrying after a 503: about the pool's connection time limit. */
export const RETRY_AFTER_SECONDS = 5;

/** Connection failures and time limits of the database become 503s: the client may retry, nothing was granted. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    code === 'ETIMEDOUT' ||
    code === '57P01' ||
    code === '57P03' ||
    code === '08006' ||
    code === '08001' ||
    // statement_timeout: the database is there but did not finish in time.
    code === '57014' ||
    (error instanceof Error && /Connection terminated|timeout exceeded when trying to connect|Query read timeout/i.test(error.message))
  );
}
