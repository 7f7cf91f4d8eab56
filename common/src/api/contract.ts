/**
 * The endpoint contract: each `/api` endpoint is declared once, here in common/, with its method, path,
 * who may call it, the schemas of its path parameters, query, body and answer, and the error codes it
 * can answer. The server registers its routes from these declarations (server/src/http/contract.ts),
 * the SPA calls them through typed functions (web/src/api/client.ts `call`), and the OpenAPI reference
 * at /api/openapi.json is generated from them (server/src/http/openapi.ts).
 */
import { z } from 'zod';

import type { ManagementScope } from '../apis.ts';
import { type ErrorCode, ERRORS } from '../errors.ts';
import { RATE_LIMITS, type Role } from '../policy.ts';
import { ACCOUNT_STEPS, type StepWaiver } from '../sign-in-steps.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call an endpoint: anyone on an organisation's host, or a signed-in user (of some roles). */
export type Access =
  | { kind: 'anonymous' }
  | ({
      kind: 'signedIn';
      roles?: readonly Role[];
      /**
       * The management API's scope that also lets an application call it, with `Authorization: Bearer` and
       * an access token for the management API (apis.ts) instead of a session. None: sessions only.
       */
      machineScope?: ManagementScope;
    } & {
      /**
       * Callable while an account step of the sign-in step list is pending (sign-in-steps.ts): while the
       * user must still choose a new password (`allowPasswordChangeRequired`) or set up a second step
       * (`allowTwoStepRequired`).
       */
      [W in StepWaiver]?: boolean;
    });

export const ANONYMOUS = { kind: 'anonymous' } as const satisfies Access;
export const SIGNED_IN = { kind: 'signedIn' } as const satisfies Access;
export const ORGANISATION_ADMIN = { kind: 'signedIn', roles: ['OrganisationAdministrator'] } as const satisfies Access;
export const USER_ADMINS = { kind: 'signedIn', roles: ['OrganisationAdministrator', 'UserAdministrator'] } as const satisfies Access;

/** `access`, callable by applications whose management API token holds `scope` too. */
export function orMachine<const A extends Extract<Access, { kind: 'signedIn' }>, const S extends ManagementScope>(
  access: A,
  scope: S,
): A & { machineScope: S } {
  return { ...access, machineScope: scope };
}

/** How a body may be sent: the spec's form encoding (JSON is accepted too), multipart with files, or JSON only (nested data). */
export type BodyEncoding = 'form' | 'multipart' | 'json';

export interface Endpoint {
  method: HttpMethod;
  /** Other methods that do the same (the spec's per-user actions take POST or PUT). */
  alsoAccepts?: readonly HttpMethod[];
  /** With `{name}` for each path parameter, as OpenAPI writes it. */
  path: string;
  /** Unique across the API: the OpenAPI operationId and the name of generated client functions. */
  operationId: string;
  summary: string;
  /** The group it is listed under in the reference. */
  tag: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** What the reference shows of a body whose schema cannot say it (one that picks its schema by its fields). */
  bodyForReference?: z.ZodType;
  bodyEncoding?: BodyEncoding;
  /** A multipart body's largest file, when it is not the server's usual limit (an import's file). */
  fileBytes?: number;
  /** The status of a successful answer. */
  status: 200 | 201 | 202 | 204 | 303;
  /** The answer's JSON schema; null when the answer has no body (204, 202, a 303 redirect) or is not JSON (`produces`). */
  answer: z.ZodType | null;
  /** A non-JSON answer (a download): its media types. */
  produces?: readonly string[];
  /** The error codes it can answer besides those every endpoint can (VALIDATION_FAILED and its access's). */
  errors: readonly ErrorCode[];
}

/** Declares an endpoint, keeping its literal types for the server's handler and the SPA's call. */
export function endpoint<const E extends Endpoint>(declaration: E): E {
  return declaration;
}

type Schema<E extends Endpoint, K extends 'params' | 'query' | 'body'> = E[K] extends z.ZodType ? E[K] : never;

/** A form's fields as the SPA may give them: null, like undefined, leaves a field out of the encoded form. */
type FormFields<T> = T extends object ? { [K in keyof T]: T[K] | null } : T;

/** What the SPA sends: path parameters, query and body, as each schema accepts them. */
export type CallInput<E extends Endpoint> = (E['params'] extends z.ZodType ? { params: z.input<Schema<E, 'params'>> } : unknown) &
  (E['query'] extends z.ZodType ? { query?: z.input<Schema<E, 'query'>> } : unknown) &
  (E['body'] extends z.ZodType ? { body: FormFields<z.input<Schema<E, 'body'>>> } : unknown) &
  (E['bodyEncoding'] extends 'multipart' ? { files?: Record<string, Blob | undefined> } : unknown);

/** What the server's handler receives once the request has been parsed. */
export interface ParsedInput<E extends Endpoint> {
  params: E['params'] extends z.ZodType ? z.output<Schema<E, 'params'>> : Record<string, never>;
  query: E['query'] extends z.ZodType ? z.output<Schema<E, 'query'>> : Record<string, never>;
  body: E['body'] extends z.ZodType ? z.output<Schema<E, 'body'>> : Record<string, never>;
}

/** The answer as the SPA reads it. */
export type Answer<E extends Endpoint> = E['answer'] extends z.ZodType ? z.output<E['answer']> : void;
/** The answer as the handler may return it (before the schema's defaults and transforms). */
export type AnswerInput<E extends Endpoint> = E['answer'] extends z.ZodType ? z.input<E['answer']> : void;

/** The path as Fastify's router writes it (`:name`). */
export function routerPath(e: Pick<Endpoint, 'path'>): string {
  return e.path.replace(/\{(\w+)\}/g, ':$1');
}

/** The error codes an endpoint can answer: its own, the validation failure, its access's refusals, and its rate limits'. */
export function errorCodesOf(e: Endpoint): ErrorCode[] {
  const codes = new Set<ErrorCode>(['VALIDATION_FAILED', 'ORGANISATION_NOT_FOUND', ...e.errors]);
  if (e.access.kind === 'signedIn') {
    codes.add('UNAUTHENTICATED');
    if (e.access.roles) codes.add('FORBIDDEN');
    for (const step of ACCOUNT_STEPS) if (step.refusal && !(step.waiver && e.access[step.waiver])) codes.add(step.refusal);
    // Failed tokens are limited by address (CREDENTIAL_FAILURE_LIMIT).
    if (e.access.machineScope) codes.add('INVALID_TOKEN').add('INSUFFICIENT_SCOPE').add('RATE_LIMITED');
  }
  // The address lists are applied where the limits are (http/limits.ts).
  if (RATE_LIMITS[e.operationId]) codes.add('RATE_LIMITED').add('ADDRESS_REFUSED');
  return [...codes].sort((a, b) => ERRORS[a].status - ERRORS[b].status || a.localeCompare(b));
}

/** The JSON body of every failed call (`ErrorBody` in errors.ts), as a schema for the reference. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.enum(Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  correlationId: z.string().optional(),
  validation: z.object({ errors: z.record(z.string(), z.object({ message: z.string() })) }),
});

/** A path parameter that is an opaque identifier. */
export const idParams = z.object({ id: z.string().min(1).max(100) });
