/**
 * The logger as the server's parts use it: structured fields first, then the sentence. Fastify's
 * request and instance loggers (pino) are such loggers; naming this shape instead of Fastify's type keeps
 * the domains and infrastructure that log free of the web framework.
 */
export interface Log {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}
