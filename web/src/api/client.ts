/**
 * The HTTP layer: same-origin calls under /api with form-encoded bodies (multipart when a file is
 * attached). A status of 400 or more rejects with an ApiError carrying the server's JSON body; a
 * network failure rejects with status 0.
 */
import { type EndpointAddress, pathOf } from '@gatehouse/common/api/address';
import type { Answer, CallInput, Endpoint } from '@gatehouse/common/api/contract';
import type { ErrorBody } from '@gatehouse/common/errors';
import { MESSAGES } from '@gatehouse/common/messages';

export const NETWORK_FAILURE = 0;

export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;
  constructor(status: number, body: ErrorBody | null, message: string) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

export type FormValue = string | number | boolean | null | undefined | File | Blob | readonly (string | number)[];

type Listener = (error: ApiError) => void;
const unauthorisedListeners = new Set<Listener>();

const accountStaleListeners = new Set<Listener>();

/**
 * Called when the server says the signed-in user must first set up MFA or choose a new password (a
 * policy that changed since the account was loaded): the SPA reloads the account, and the route guard
 * takes the user to /twostep or /passwordexpired instead of leaving them with refused calls.
 */
export function onAccountStale(listener: Listener): () => void {
  accountStaleListeners.add(listener);
  return () => accountStaleListeners.delete(listener);
}

const STALE_ACCOUNT_CODES = new Set(['TWO_STEP_REQUIRED', 'PASSWORD_CHANGE_REQUIRED']);

/** Called on every 401 except the account fetch itself: the SPA clears its signed-in user. */
export function onUnauthorised(listener: Listener): () => void {
  unauthorisedListeners.add(listener);
  return () => unauthorisedListeners.delete(listener);
}

function encode(values: Record<string, FormValue>): URLSearchParams | FormData {
  const hasFile = Object.values(values).some((v) => v instanceof Blob);
  const body = hasFile ? new FormData() : new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) body.append(key, String(item));
    else if (value instanceof Blob) (body as FormData).append(key, value);
    else body.append(key, String(value));
  }
  return body;
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** `?a=1&b=x&b=y` for the defined values (a list repeats its name), or '' when there are none. */
export function queryString(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  form?: Record<string, FormValue>;
  /** A JSON body instead of a form (nested data, such as a passkey's answer). */
  json?: unknown;
  query?: Record<string, QueryValue>;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.form || options.json !== undefined ? 'POST' : 'GET');
  const query = queryString(options.query);
  let response: Response;
  try {
    response = await fetch(path + query, {
      method,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}) },
      body:
        options.json !== undefined
          ? JSON.stringify(options.json)
          : options.form
            ? encode(options.form)
            : method === 'GET'
              ? undefined
              : new URLSearchParams(),
    });
  } catch {
    throw new ApiError(NETWORK_FAILURE, null, MESSAGES.networkError);
  }
  if (response.status >= 400) {
    const body = (await response.json().catch(() => null)) as ErrorBody | null;
    const error = new ApiError(response.status, body, body?.message ?? MESSAGES.genericError);
    if (response.status === 401) for (const listener of unauthorisedListeners) listener(error);
    if (response.status === 403 && body && STALE_ACCOUNT_CODES.has(body.code))
      for (const listener of accountStaleListeners) listener(error);
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await response.json() : await response.text()) as T;
}

type Loose = {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: Record<string, FormValue>;
  files?: Record<string, Blob | undefined>;
};
/** A declaration of the contract, or its address (first-load.ts): what `call` and `urlOf` take. */
type Callable = Endpoint | EndpointAddress;
/** The declaration behind what was passed. */
type Declared<C extends Callable> = C extends EndpointAddress<infer E> ? E : C extends Endpoint ? C : never;
/** The input of `call`: optional as a whole when none of its parts is required. */
type CallArgs<E extends Endpoint> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/**
 * Calls an endpoint of the contract (common/src/api): the path built from its parameters, the query and
 * the form body as its schemas accept them, the answer typed as its schema declares it. It takes the
 * declaration or, on the first load's path, its address (first-load.ts), which brings no schema along.
 */
export function call<C extends Callable>(e: C, ...[input]: CallArgs<Declared<C>>): Promise<Answer<Declared<C>>> {
  type Result = Answer<Declared<C>>;
  const { params, query, body, files } = (input ?? {}) as Loose;
  if (e.bodyEncoding === 'json') return api<Result>(pathOf(e, params), { method: e.method, ...(query ? { query } : {}), json: body ?? {} });
  const form = body || files ? { ...body, ...files } : undefined;
  return api<Result>(pathOf(e, params), { method: e.method, ...(query ? { query } : {}), ...(form ? { form } : {}) });
}

/** The address of a GET endpoint with its query, for links (downloads) rather than calls. */
export function urlOf<C extends Callable>(e: C, ...[input]: CallArgs<Declared<C>>): string {
  const { params, query } = (input ?? {}) as Loose;
  return pathOf(e, params) + queryString(query);
}
