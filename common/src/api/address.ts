/**
 * The zod-free part of an endpoint declaration: its method, path and body encoding, all a client needs to
 * call it. The sign-in page's first load calls its endpoints through addresses (web/src/api/first-load.ts)
 * so that neither zod nor the contract's schemas load with it; an address is typed by its
 * declaration, so its method, path and encoding must equal the declaration's, and its answer and input
 * types are the declaration's.
 */
import type { Endpoint } from './contract.ts';

declare const declaration: unique symbol;

/** How to call endpoint `E`, without its schemas; `E` is known to the type checker only. */
export interface EndpointAddress<E extends Endpoint = Endpoint> {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly bodyEncoding?: Endpoint['bodyEncoding'];
  readonly [declaration]: E;
}

/** The fields of `E` an address repeats: exactly the declaration's literal values. */
type AddressFields<E extends Endpoint> = { method: E['method']; path: E['path'] } & (E extends { bodyEncoding: infer B }
  ? { bodyEncoding: B }
  : { bodyEncoding?: never });

/** The address of endpoint `E`: `addressOf<typeof accountApi.session>({ method: 'GET', path: '/api/session' })`. */
export function addressOf<E extends Endpoint>(fields: AddressFields<E>): EndpointAddress<E> {
  return fields as unknown as EndpointAddress<E>;
}

/** The endpoint's path with its parameters filled in (each encoded): no string building elsewhere. */
export function pathOf(e: Pick<Endpoint, 'path'>, params: Record<string, string | number> = {}): string {
  return e.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${e.path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}
